// Programmers 92345 harness: reads `board aloc bloc` in the literal form
// (one instance a line, as `boardsolve gen 92345` writes) and prints
// solution(board, aloc, bloc) for each line. Replace solution() with yours.
#include <bits/stdc++.h>
using namespace std;
int solution(vector<vector<int>> board, vector<int> aloc, vector<int> bloc);

int main() {
    for (string line; getline(cin, line);) {
        vector<int> v; int depth = 0, rows = 0;  // every number; a '[' two deep opens a row
        for (size_t i = 0; i < line.size(); i++)
            if (line[i] == '[') rows += ++depth == 2; else if (line[i] == ']') depth--;
            else if (isdigit(line[i])) { int x = 0; while (i < line.size() && isdigit(line[i])) x = x * 10 + line[i++] - '0'; v.push_back(x); i--; }
        if (v.empty()) continue;
        int cols = (int(v.size()) - 4) / rows, n = rows * cols;
        vector<vector<int>> board(rows, vector<int>(cols));
        for (int i = 0; i < n; i++) board[i / cols][i % cols] = v[i];
        cout << solution(board, {v[n], v[n + 1]}, {v[n + 2], v[n + 3]}) << "\n";
    }
}

// A plain minimax, so that the harness can be tested end to end.
static vector<vector<int>> g;
static pair<bool, int> play(int mr, int mc, int yr, int yc) {
    if (!g[mr][mc]) return {false, 0};
    bool any = false; pair<bool, int> best{false, 0};
    const int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
    for (int d = 0; d < 4; d++) {
        int r = mr + dr[d], c = mc + dc[d];
        if (r < 0 || c < 0 || r >= (int)g.size() || c >= (int)g[0].size() || !g[r][c]) continue;
        g[mr][mc] = 0;
        auto [they, rest] = play(yr, yc, r, c);
        g[mr][mc] = 1;
        pair<bool, int> mine{!they, rest + 1};
        if (!any || (mine.first && !best.first)) best = mine;
        else if (mine.first == best.first)
            best.second = best.first ? min(best.second, mine.second) : max(best.second, mine.second);
        any = true;
    }
    return best;
}

int solution(vector<vector<int>> board, vector<int> aloc, vector<int> bloc) {
    g = board;
    return play(aloc[0], aloc[1], bloc[0], bloc[1]).second;
}
