// A careless local setup for the cache test of tests/cli/source.rs: the
// answer lives in a header found through -I or CPATH, which the cache
// key must cover. It reads a one-block 2048 case and prints ANSWER.
#include <stdio.h>
#include "answer.h"
int main(void) {
    int n, v;
    if (scanf("%d %d", &n, &v) != 2) return 1;
    printf("%d\n", ANSWER);
    return 0;
}
