// Answer validator of the boardsolve package for a judge whose answer is
// one number (BOJ 17825: a score; Programmers 92345: a count of moves):
//   answer_number input_file < answer
// One number from 0 to MAX_ANSWER and a newline. Exit 42 valid, 43
// invalid.
int main() {
    read_all();
    number(0, MAX_ANSWER, "the answer");
    expect('\n');
    expect_end();
}
