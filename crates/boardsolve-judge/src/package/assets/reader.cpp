// Strict reading for the input validators of the boardsolve package: the
// judge's exact layout (single spaces, a newline ending every line,
// nothing after the last), numbers without signs or leading zeros. Exit
// status 42 for a valid input, 43 for an invalid one, as the Kattis
// problem package format asks.
#include <cstdio>
#include <cstdlib>
#include <string>

static std::string text;
static size_t at = 0;

static void invalid(const std::string& why) {
    size_t line = 1, column = 1;
    for (size_t i = 0; i < at && i < text.size(); i++) {
        if (text[i] == '\n') {
            line++;
            column = 1;
        } else {
            column++;
        }
    }
    std::fprintf(stderr, "%zu:%zu: %s\n", line, column, why.c_str());
    std::exit(43);
}

static void read_all() {
    int ch;
    while ((ch = std::getchar()) != EOF) text += (char)ch;
}

static void expect(char c) {
    if (at >= text.size() || text[at] != c) {
        std::string want = c == '\n' ? "a newline" : std::string("'") + c + "'";
        invalid("expected " + want);
    }
    at++;
}

[[maybe_unused]] static void expect_text(const char* s) {
    for (; *s; s++) expect(*s);
}

static long long number(long long lo, long long hi, const char* what) {
    size_t start = at;
    long long v = 0;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9' && at - start < 18) {
        v = v * 10 + (text[at] - '0');
        at++;
    }
    if (at == start) invalid(std::string("expected ") + what);
    if (text[start] == '0' && at - start > 1) {
        at = start;
        invalid(std::string(what) + " has a leading zero");
    }
    if (v < lo || v > hi) {
        at = start;
        invalid(std::string(what) + " = " + std::to_string(v) + " is outside " +
                std::to_string(lo) + ".." + std::to_string(hi));
    }
    return v;
}

static void expect_end() {
    if (at != text.size()) invalid("unexpected text after the last line");
    std::exit(42);
}
