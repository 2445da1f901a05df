/* Answers a 12100 case whose largest block is 2, but only once the file
   named by its second argument exists; it first makes the file named by
   its first, to say that it runs. A program that stays running for as
   long as a test needs it to. */
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) return 2;
    FILE *started = fopen(argv[1], "w");
    if (!started) return 3;
    fclose(started);
    while (access(argv[2], F_OK) != 0) usleep(10000);
    puts("2");
    return 0;
}
