// Answer validator of the boardsolve package for BOJ 14600 and 14601:
//   answer_tromino input_file < answer
// 2^K rows of 2^K numbers separated by single spaces, each from 1 to
// 19000, and -1 at the hole alone (the output validator checks that the
// numbers make a tiling). Exit 42 valid, 43 invalid.
#include <fstream>

int main(int argc, char** argv) {
    if (argc < 2) invalid("usage: answer_tromino input_file < answer");
    std::ifstream input(argv[1]);
    long long k = 0, x = 0, y = 0;
    input >> k >> x >> y;
    if (k < 1 || k > 16) invalid("cannot read K from the input file");
    const long long n = 1LL << k;
    read_all();
    for (long long row = 0; row < n; row++) {
        for (long long col = 0; col < n; col++) {
            if (col > 0) expect(' ');
            // Row 1 is the top; the hole (x, y) counts y from the bottom.
            bool hole = col == x - 1 && row == n - y;
            if (hole) {
                expect_text("-1");
            } else {
                number(1, 19000, "a tromino's number");
            }
        }
        expect('\n');
    }
    expect_end();
}
