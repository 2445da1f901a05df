
// BOJ 17825: ten dice, each 1..5, on one line.
int main() {
    read_all();
    for (int i = 0; i < 10; i++) {
        if (i > 0) expect(' ');
        number(1, 5, "a die");
    }
    expect('\n');
    expect_end();
}
