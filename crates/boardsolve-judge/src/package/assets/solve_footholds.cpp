// Disappearing footholds under optimal play (accepted solution of the
// boardsolve package). The input is the problem's three arguments written
// literally on one line: `[[1, 1], [1, 1]] [0, 0] [1, 1]`. The game is
// searched depth first: a player who can win takes the quickest win, a
// player who must lose the slowest loss.
// With MISTAKE defined it is a wrong solution: a player who can win also
// makes the game last as long as possible.
#include <cctype>
#include <cstdio>
#include <string>
#include <vector>

static int rows, cols;
static int cell[5][5];

struct Result {
    bool wins;
    int moves;
};

// The player to move stands on (r, c); the other on (orow, ocol).
static Result play(int r, int c, int orow, int ocol) {
    if (!cell[r][c]) return {false, 0};
    const int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
    bool any = false, can_win = false;
    int win_moves = 1 << 30, lose_moves = 0;
    for (int d = 0; d < 4; d++) {
        int nr = r + dr[d], nc = c + dc[d];
        if (nr < 0 || nr >= rows || nc < 0 || nc >= cols || !cell[nr][nc]) continue;
        any = true;
        cell[r][c] = 0;
        Result reply = play(orow, ocol, nr, nc);
        cell[r][c] = 1;
        int total = reply.moves + 1;
        if (!reply.wins) {
#ifdef MISTAKE
            if (!can_win || total > win_moves) win_moves = total;
#else
            if (total < win_moves) win_moves = total;
#endif
            can_win = true;
        } else if (total > lose_moves) {
            lose_moves = total;
        }
    }
    if (!any) return {false, 0};
    if (can_win) return {true, win_moves};
    return {false, lose_moves};
}

int main() {
    std::string text;
    int ch;
    while ((ch = std::getchar()) != EOF) text += (char)ch;
    // The numbers in order, and the rows told apart by the brackets.
    std::vector<std::vector<int>> board;
    std::vector<int> rest;
    int depth = 0;
    bool in_board = true;
    for (size_t i = 0; i < text.size(); i++) {
        char x = text[i];
        if (x == '[') {
            depth++;
            if (in_board && depth == 2) board.push_back({});
        } else if (x == ']') {
            depth--;
            if (in_board && depth == 0) in_board = false;
        } else if (std::isdigit((unsigned char)x)) {
            int v = 0;
            while (i < text.size() && std::isdigit((unsigned char)text[i])) v = v * 10 + (text[i++] - '0');
            i--;
            if (in_board) board.back().push_back(v);
            else rest.push_back(v);
        }
    }
    rows = (int)board.size();
    cols = (int)board[0].size();
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) cell[r][c] = board[r][c];
    Result result = play(rest[0], rest[1], rest[2], rest[3]);
    std::printf("%d\n", result.moves);
    return 0;
}
