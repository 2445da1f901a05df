// Answer validator of the boardsolve package for BOJ 12100 and 12094:
//   answer_2048 input_file < answer
// The answer is one block value and a newline: a power of two at least
// the input's largest block and at most that block doubled at each of the
// MOVES moves. Exit 42 valid, 43 invalid.
#include <fstream>

int main(int argc, char** argv) {
    if (argc < 2) invalid("usage: answer_2048 input_file < answer");
    std::ifstream input(argv[1]);
    long long n = 0, largest = 0, v;
    input >> n;
    for (long long i = 0; i < n * n && input >> v; i++)
        if (v > largest) largest = v;
    read_all();
    long long best = number(2, (long long)MAX_TILE << MOVES, "the largest block");
    if (best & (best - 1)) invalid("the largest block is not a power of two");
    if (best < largest) invalid("the answer is below the input's largest block");
    if (best > (largest << MOVES)) invalid("the answer is above the input's largest block doubled at each move");
    expect('\n');
    expect_end();
}
