// A careless program that allocates without end, for the judge-limits
// test of tests/cli/local_judge.rs: it takes 16 MiB at a time, touching
// every page, and never answers. Only a memory limit stops it early.
#include <stdlib.h>
#include <string.h>
int main(void) {
    for (;;) {
        char *block = malloc(16 << 20);
        if (block == NULL) return 1;
        memset(block, 1, 16 << 20);
    }
}
