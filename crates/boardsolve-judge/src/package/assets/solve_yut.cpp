// The best score of dice yut for ten dice (accepted solution of the
// boardsolve package): every assignment of dice to the four pieces,
// depth first, on the board as a table of cells.
// With MISTAKE defined it is a wrong solution: a move may end on a cell
// where another piece stands.
#include <algorithm>
#include <cstdio>

// Cell 0 is the start, 1..20 the outer path (scores 2..40), 21 the end;
// 22..24 the blue route from 10 (13, 16, 19), 25..27 the centre (25, 30,
// 35), 28..29 the blue route from 20 (22, 24), 30..32 the blue route from
// 30 (28, 27, 26). The centre route ends on the outer 40 (cell 20).
static const int END = 21;
static int score[33], next_cell[33], blue[33];
static int dice[10];
static int dice_count;
static int piece[4];
static int best;

static void board() {
    for (int i = 0; i <= 20; i++) {
        score[i] = 2 * i;
        next_cell[i] = i + 1;
        blue[i] = -1;
    }
    score[END] = 0;
    next_cell[END] = END;
    blue[END] = -1;
    const int values[] = {13, 16, 19, 25, 30, 35, 22, 24, 28, 27, 26};
    for (int i = 22; i <= 32; i++) {
        score[i] = values[i - 22];
        next_cell[i] = i + 1;
        blue[i] = -1;
    }
    next_cell[24] = 25;
    next_cell[27] = 20;
    next_cell[29] = 25;
    next_cell[32] = 25;
    blue[5] = 22;
    blue[10] = 28;
    blue[15] = 30;
}

static int destination(int from, int steps) {
    int at = from;
    if (blue[at] >= 0) {
        at = blue[at];
        steps--;
    }
    while (steps-- > 0 && at != END) at = next_cell[at];
    return at;
}

static void search(int turn, int total) {
    if (turn == dice_count) {
        best = std::max(best, total);
        return;
    }
    for (int p = 0; p < 4; p++) {
        if (piece[p] == END) continue;
        int to = destination(piece[p], dice[turn]);
        bool taken = false;
#ifndef MISTAKE
        for (int q = 0; q < 4; q++)
            if (q != p && to != END && piece[q] == to) taken = true;
#endif
        if (taken) continue;
        int from = piece[p];
        piece[p] = to;
        search(turn + 1, total + score[to]);
        piece[p] = from;
    }
}

int main() {
    board();
    while (dice_count < 10 && std::scanf("%d", &dice[dice_count]) == 1) dice_count++;
    search(0, 0);
    std::printf("%d\n", best);
    return 0;
}
