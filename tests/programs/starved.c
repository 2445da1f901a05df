// A correct program that a busy machine starves, for the load test of
// tests/cli/harness.rs: it reads a one-block 2048 case ("1\nV\n"),
// computes for ARGV[2] ms of CPU time and prints V. ARGV[1] says where
// the work is done: "main" (the main thread), "worker" (a second thread
// while main waits in pthread_join, as the JVM runs a Java main) or
// "sleep" (no work: it sleeps ten seconds, a program the wall clock must
// still stop).
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static long want_ms;

static long thread_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1000L + t.tv_nsec / 1000000L;
}

static void *work(void *unused) {
    (void)unused;
    volatile unsigned long x = 0;
    long start = thread_ms();
    while (thread_ms() - start < want_ms) {
        for (int i = 0; i < 100000; i++) x += i;
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 3) return 2;
    want_ms = atol(argv[2]);
    int n;
    unsigned long v;
    if (scanf("%d %lu", &n, &v) != 2) return 3;
    if (strcmp(argv[1], "sleep") == 0) {
        sleep(10);
    } else if (strcmp(argv[1], "worker") == 0) {
        pthread_t t;
        if (pthread_create(&t, NULL, work, NULL) != 0) return 4;
        pthread_join(t, NULL);
    } else {
        work(NULL);
    }
    printf("%lu\n", v);
    return 0;
}
