// The largest block after at most MOVES moves of 2048 (accepted solution
// of the boardsolve package). Depth-first over the four moves, with two
// cuts: a move that changes nothing is not followed (it only wastes a
// move), and a line is dropped when even doubling the largest block at
// every remaining move could not beat the best found.
// With MISTAKE defined it is a wrong solution: a block made by a merge
// may merge again in the same move. With PLAIN defined it is the plain
// exhaustive search a contestant writes first, all 4^MOVES lines without
// a cut (accepted: it sets the time limit). With REPLAY defined every line
// of MOVES moves is played again from the start, sharing nothing: right,
// but about MOVES times slower than the plain search.
#include <algorithm>
#include <cstdio>
#include <cstring>

#ifndef MOVES
#define MOVES 5
#endif

#ifdef MISTAKE
static const bool MERGED_ONCE = false;
#else
static const bool MERGED_ONCE = true;
#endif

static int n;
static long long best;

struct Board {
    int v[20][20];
};

static long long largest(const Board& b) {
    long long m = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) m = std::max(m, (long long)b.v[r][c]);
    return m;
}

// Slides one line towards index 0, merging equal neighbours once each.
static void slide(int* line[], int len) {
    int out[20];
    int count = 0;
    bool merged_last = false;
    for (int i = 0; i < len; i++) {
        int x = *line[i];
        if (x == 0) continue;
        bool can_merge = count > 0 && out[count - 1] == x && !(merged_last && MERGED_ONCE);
        if (can_merge) {
            out[count - 1] *= 2;
            merged_last = true;
        } else {
            out[count++] = x;
            merged_last = false;
        }
    }
    for (int i = 0; i < len; i++) *line[i] = i < count ? out[i] : 0;
}

// Direction 0 up, 1 down, 2 left, 3 right.
static Board moved(const Board& b, int dir) {
    Board m = b;
    int* line[20];
    for (int k = 0; k < n; k++) {
        for (int i = 0; i < n; i++) {
            switch (dir) {
                case 0: line[i] = &m.v[i][k]; break;
                case 1: line[i] = &m.v[n - 1 - i][k]; break;
                case 2: line[i] = &m.v[k][i]; break;
                default: line[i] = &m.v[k][n - 1 - i]; break;
            }
        }
        slide(line, n);
    }
    return m;
}

static void search(const Board& b, int left) {
    long long top = largest(b);
    best = std::max(best, top);
#ifdef PLAIN
    if (left == 0) return;
#else
    if (left == 0 || (top << left) <= best) return;
#endif
    for (int dir = 0; dir < 4; dir++) {
        Board next = moved(b, dir);
#ifndef PLAIN
        if (std::memcmp(&next, &b, sizeof b) == 0) continue;
#endif
        search(next, left - 1);
    }
}

// Every line of MOVES moves, each played from the start.
static void replay(const Board& start) {
    best = largest(start);
    for (long long line = 0; line < (1LL << (2 * MOVES)); line++) {
        Board b = start;
        for (int i = 0; i < MOVES; i++) {
            b = moved(b, (int)((line >> (2 * i)) & 3));
            best = std::max(best, largest(b));
        }
    }
}

int main() {
    if (std::scanf("%d", &n) != 1) return 1;
    Board b;
    std::memset(&b, 0, sizeof b);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (std::scanf("%d", &b.v[r][c]) != 1) return 1;
    best = 0;
#ifdef REPLAY
    replay(b);
#else
    search(b, MOVES);
#endif
    std::printf("%lld\n", best);
    return 0;
}
