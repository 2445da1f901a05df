// BOJ 12100 in C++ with a mistake a contestant makes: the search stops
// one move early (depth < 4, not < 5), so a board that needs all five
// moves gets too small an answer. It leaves a debug line on stderr, as
// people do, with the size and the best block it found.
#include <algorithm>
#include <iostream>
#include <vector>
using namespace std;

using Board = vector<vector<int>>;

Board slide(const Board& b, int dir) {
    int n = b.size();
    Board next(n, vector<int>(n, 0));
    for (int line = 0; line < n; line++) {
        vector<int> got, out;
        auto cell = [&](int k) -> pair<int, int> {
            if (dir == 0) return {line, k};
            if (dir == 1) return {line, n - 1 - k};
            if (dir == 2) return {k, line};
            return {n - 1 - k, line};
        };
        for (int k = 0; k < n; k++) {
            auto [r, c] = cell(k);
            if (b[r][c]) got.push_back(b[r][c]);
        }
        for (size_t i = 0; i < got.size(); i++) {
            if (i + 1 < got.size() && got[i] == got[i + 1]) out.push_back(2 * got[i++]);
            else out.push_back(got[i]);
        }
        for (size_t k = 0; k < out.size(); k++) {
            auto [r, c] = cell(k);
            next[r][c] = out[k];
        }
    }
    return next;
}

int best(const Board& b, int depth) {
    int most = 0;
    for (auto& row : b) most = max(most, *max_element(row.begin(), row.end()));
    if (depth < 4)  // the mistake: five moves are allowed
        for (int dir = 0; dir < 4; dir++) most = max(most, best(slide(b, dir), depth + 1));
    return most;
}

int main() {
    int n;
    cin >> n;
    Board b(n, vector<int>(n));
    for (auto& row : b)
        for (auto& x : row) cin >> x;
    int answer = best(b, 0);
    cerr << "debug: n=" << n << " best=" << answer << "\n";
    cout << answer << "\n";
}
