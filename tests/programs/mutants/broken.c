// A mutant of a correct BOJ 12100 solution that does not build, as
// mutation tools often write: a variable renamed in its use only.
#include <stdio.h>

int main(void) {
    int n, best = 0;
    if (scanf("%d", &n) != 1) return 1;
    for (int i = 0; i < n * n; i++) {
        int v;
        if (scanf("%d", &v) != 1) return 1;
        if (v > best) best = v;
    }
    printf("%d\n", bset);
    return 0;
}
