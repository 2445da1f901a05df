
// BOJ 14600 and 14601: K (1..MAX_K), then the hole x y, each 1..2^K.
#ifndef MAX_K
#define MAX_K 7
#endif

int main() {
    read_all();
    long long k = number(1, MAX_K, "K");
    expect('\n');
    number(1, 1LL << k, "x");
    expect(' ');
    number(1, 1LL << k, "y");
    expect('\n');
    expect_end();
}
