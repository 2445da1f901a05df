/* BOJ 12100 in C: every line of at most five moves, the largest block.
 * Built with -DCHAIN_MERGE it makes a classic mistake: a merged block
 * merges again in the same move (2 2 4 left gives 8). */
#include <stdio.h>

static int n, best;

static int *cell(int b[20][20], int dir, int line, int k) {
    switch (dir) {
    case 0: return &b[line][k];
    case 1: return &b[line][n - 1 - k];
    case 2: return &b[k][line];
    default: return &b[n - 1 - k][line];
    }
}

static void search(int b[20][20], int depth) {
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (b[r][c] > best) best = b[r][c];
    if (depth == 5) return;
    for (int dir = 0; dir < 4; dir++) {
        int next[20][20];
        for (int line = 0; line < n; line++) {
            int got[20], m = 0, out[20] = {0}, r = 0;
            for (int k = 0; k < n; k++)
                if (*cell(b, dir, line, k)) got[m++] = *cell(b, dir, line, k);
            for (int i = 0; i < m; i++) {
#ifdef CHAIN_MERGE
                if (r > 0 && out[r - 1] == got[i]) { out[r - 1] *= 2; continue; }
#endif
                if (i + 1 < m && got[i] == got[i + 1]) { out[r++] = 2 * got[i]; i++; }
                else out[r++] = got[i];
            }
            for (int k = 0; k < n; k++) *cell(next, dir, line, k) = out[k];
        }
        search(next, depth + 1);
    }
}

int main(void) {
    int b[20][20];
    if (scanf("%d", &n) != 1) return 1;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (scanf("%d", &b[r][c]) != 1) return 1;
    search(b, 0);
    printf("%d\n", best);
    return 0;
}
