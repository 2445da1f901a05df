// Programmers 92345 (disappearing footholds) in the Programmers form:
// solution() as the page asks, a debug print left inside it, and a demo
// main as people keep for trying it by hand.
#include <iostream>
#include <string>
#include <vector>
using namespace std;

static vector<vector<int>> floor_cells;

// (whether the player to move wins, the moves left) under best play.
static pair<bool, int> turn(int r, int c, int other_r, int other_c) {
    if (!floor_cells[r][c]) return {false, 0};
    bool any = false, can_win = false;
    int fastest_win = 1 << 30, longest_loss = 0;
    const int dr[] = {1, -1, 0, 0}, dc[] = {0, 0, 1, -1};
    for (int d = 0; d < 4; d++) {
        int nr = r + dr[d], nc = c + dc[d];
        if (nr < 0 || nc < 0 || nr >= (int)floor_cells.size() || nc >= (int)floor_cells[0].size()) continue;
        if (!floor_cells[nr][nc]) continue;
        any = true;
        floor_cells[r][c] = 0;
        auto [they_win, moves] = turn(other_r, other_c, nr, nc);
        floor_cells[r][c] = 1;
        if (!they_win) can_win = true, fastest_win = min(fastest_win, moves + 1);
        else longest_loss = max(longest_loss, moves + 1);
    }
    if (!any) return {false, 0};
    return can_win ? make_pair(true, fastest_win) : make_pair(false, longest_loss);
}

int solution(vector<vector<int>> board, vector<int> aloc, vector<int> bloc) {
    floor_cells = board;
    int moves = turn(aloc[0], aloc[1], bloc[0], bloc[1]).second;
    cout << "debug: " << moves << " moves" << endl;
    return moves;
}

int main() {
    cout << solution({{1, 1, 1}, {1, 1, 1}, {1, 1, 1}}, {1, 0}, {1, 2}) << endl;
}
