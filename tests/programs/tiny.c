// A short program for the accounting test of tests/cli/harness.rs: about
// 2 ms of CPU time, then the answer 16 to examples/2048/sample.in.
#include <stdio.h>
#include <time.h>
int main(void) {
    struct timespec a, b;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
    volatile unsigned long x = 0;
    do {
        for (int i = 0; i < 100000; i++) x += i;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
    } while ((b.tv_sec - a.tv_sec) * 1000000000L + (b.tv_nsec - a.tv_nsec) < 2000000L);
    puts("16");
    return 0;
}
