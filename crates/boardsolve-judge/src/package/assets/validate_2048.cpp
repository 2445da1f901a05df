
// BOJ 12100 and 12094: N (1..MAX_N), then N lines of N blocks, each 0 or a
// power of two from 2 to MAX_TILE, and at least one block.
#ifndef MAX_N
#define MAX_N 20
#endif
#ifndef MAX_TILE
#define MAX_TILE 1024
#endif

int main() {
    read_all();
    long long n = number(1, MAX_N, "N");
    expect('\n');
    bool any = false;
    for (long long r = 0; r < n; r++) {
        for (long long c = 0; c < n; c++) {
            if (c > 0) expect(' ');
            size_t start = at;
            long long v = number(0, MAX_TILE, "a block");
            if (v == 1 || (v & (v - 1)) != 0) {
                at = start;
                invalid("a block of " + std::to_string(v) + " is not a power of two from 2");
            }
            any = any || v != 0;
        }
        expect('\n');
    }
    if (!any) invalid("the board has no block");
    expect_end();
}
