// BOJ 12100 in C++: every line of at most five moves, the largest block.
// Built with -DCHAIN_MERGE it makes a classic mistake: a merged block
// merges again in the same move (2 2 4 left gives 8).
#include <algorithm>
#include <iostream>
#include <vector>
using namespace std;

using Board = vector<vector<int>>;

Board slide(const Board& b, int dir) {
    int n = b.size();
    Board next(n, vector<int>(n, 0));
    auto at = [n](int dir, int line, int k) -> pair<int, int> {
        if (dir == 0) return {line, k};
        if (dir == 1) return {line, n - 1 - k};
        if (dir == 2) return {k, line};
        return {n - 1 - k, line};
    };
    for (int line = 0; line < n; line++) {
        vector<int> got, out;
        for (int k = 0; k < n; k++) {
            auto [r, c] = at(dir, line, k);
            if (b[r][c]) got.push_back(b[r][c]);
        }
        for (size_t i = 0; i < got.size(); i++) {
#ifdef CHAIN_MERGE
            if (!out.empty() && out.back() == got[i]) { out.back() *= 2; continue; }
#endif
            if (i + 1 < got.size() && got[i] == got[i + 1]) out.push_back(2 * got[i++]);
            else out.push_back(got[i]);
        }
        for (size_t k = 0; k < out.size(); k++) {
            auto [r, c] = at(dir, line, k);
            next[r][c] = out[k];
        }
    }
    return next;
}

int largest(const Board& b, int depth) {
    int best = 0;
    for (auto& row : b) best = max(best, *max_element(row.begin(), row.end()));
    if (depth < 5)
        for (int dir = 0; dir < 4; dir++) best = max(best, largest(slide(b, dir), depth + 1));
    return best;
}

int main() {
    int n;
    cin >> n;
    Board b(n, vector<int>(n));
    for (auto& row : b)
        for (auto& x : row) cin >> x;
    cout << largest(b, 0) << "\n";
}
