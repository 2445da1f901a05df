// A careless program for the working-directory test of
// tests/cli/local_judge.rs: it keeps its answer in a scratch file of the
// current directory while it waits, as if nothing else ran there. Run
// beside another copy of itself in the same directory, one reads the
// other's answer. It also says when the directory it starts in is not
// empty, or when it is not the leader of its own session (so it could
// reach the terminal of the one who started it).
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void) {
    int n;
    unsigned long v, back = 0;
    if (scanf("%d %lu", &n, &v) != 2) return 3;
    DIR *dir = opendir(".");
    if (dir == NULL) return 4;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            printf("not empty: %s\n", e->d_name);
            return 0;
        }
    }
    closedir(dir);
    if (getsid(0) != getpid()) {
        printf("not its own session\n");
        return 0;
    }
    FILE *out = fopen("scratch.txt", "w");
    if (out == NULL) return 5;
    fprintf(out, "%lu\n", v);
    fclose(out);
    usleep(300000);
    FILE *in = fopen("scratch.txt", "r");
    if (in == NULL || fscanf(in, "%lu", &back) != 1) return 6;
    fclose(in);
    printf("%lu\n", back);
    return 0;
}
