// BOJ 12100 in C++ with a mistake a contestant makes: the search stops
// one move early (four moves, not five), so a board that needs all five
// moves gets too small an answer. It leaves a debug line on stderr, as
// people do, with the size and the best block it found. Written as many
// do it: every move is a left move of the board turned, and the boards
// still to look at wait on a stack.
#include <algorithm>
#include <iostream>
#include <vector>
using namespace std;

typedef vector<vector<int>> Grid;

// The board turned a quarter clockwise.
Grid turned(const Grid& g) {
    int n = g.size();
    Grid t(n, vector<int>(n));
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) t[c][n - 1 - r] = g[r][c];
    return t;
}

// Every row pushed left, each block merging at most once.
Grid pushed_left(Grid g) {
    for (auto& row : g) {
        vector<int> kept;
        bool just_merged = false;
        for (int x : row) {
            if (x == 0) continue;
            if (!kept.empty() && !just_merged && kept.back() == x) {
                kept.back() *= 2;
                just_merged = true;
            } else {
                kept.push_back(x);
                just_merged = false;
            }
        }
        kept.resize(row.size(), 0);
        row = kept;
    }
    return g;
}

int main() {
    int n;
    cin >> n;
    Grid start(n, vector<int>(n));
    for (auto& row : start)
        for (auto& x : row) cin >> x;
    int answer = 0;
    vector<pair<Grid, int>> stack = {{start, 0}};
    while (!stack.empty()) {
        auto [g, moves] = stack.back();
        stack.pop_back();
        for (auto& row : g) answer = max(answer, *max_element(row.begin(), row.end()));
        if (moves == 4) continue;  // the mistake: five moves are allowed
        for (int turns = 0; turns < 4; turns++) {
            stack.push_back({pushed_left(g), moves + 1});
            g = turned(g);
        }
    }
    cerr << "debug: n=" << n << " best=" << answer << "\n";
    cout << answer << "\n";
}
