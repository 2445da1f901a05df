// A correct BOJ 12100 solution, which the tests of `audit --mutants`
// mutate as a mutation tool would (`mutants_12100` in tests/cli.rs): one
// small change each, written to a file of its own. Five moves tried in
// every direction (each a left push of the board turned), each block
// merging at most once.
#include <stdio.h>
#include <string.h>

static int n, best;

// Every row pushed left, each block merging at most once.
static void pushed_left(int g[20][20]) {
    for (int r = 0; r < n; r++) {
        int out[20] = {0}, k = 0, merged = 0;
        for (int c = 0; c < n; c++) {
            int v = g[r][c];
            if (v == 0) continue;
            if (k > 0 && !merged && out[k - 1] == v) {
                out[k - 1] *= 2;
                merged = 1;
            } else {
                out[k++] = v;
                merged = 0;
            }
        }
        memcpy(g[r], out, sizeof out);
    }
}

// The board turned a quarter clockwise.
static void turned(int g[20][20]) {
    int t[20][20];
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) t[c][n - 1 - r] = g[r][c];
    memcpy(g, t, sizeof t);
}

static void search(int g[20][20], int depth) {
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (g[r][c] > best) best = g[r][c];
    if (depth == 5) return;
    for (int d = 0; d < 4; d++) {
        int h[20][20];
        memcpy(h, g, sizeof h);
        for (int i = 0; i < d; i++) turned(h);
        pushed_left(h);
        search(h, depth + 1);
    }
}

int main(void) {
    static int g[20][20];
    if (scanf("%d", &n) != 1) return 1;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (scanf("%d", &g[r][c]) != 1) return 1;
    search(g, 0);
    printf("%d\n", best);
    return 0;
}
