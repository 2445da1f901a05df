// Output validator of the boardsolve package for BOJ 14600 and 14601: any
// tiling of the 2^K board by L-trominoes around the hole is accepted,
// however its trominoes are numbered, as long as each tromino has its own
// number from 1 to 19000 and the hole holds -1. Kattis protocol:
//   check_tiling input_file answer_file feedback_dir < team_output
// exit 42 accepted, 43 wrong answer, with the reason in
// feedback_dir/judgemessage.txt.
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <map>
#include <string>
#include <vector>

static std::string feedback;

static void verdict(int status, const std::string& why) {
    FILE* f = std::fopen((feedback + "/judgemessage.txt").c_str(), "w");
    if (f) {
        std::fprintf(f, "%s\n", why.c_str());
        std::fclose(f);
    }
    std::exit(status);
}

static void wrong(const std::string& why) { verdict(43, why); }

// The next whitespace-separated token of `in`, or "" at the end.
static std::string token(FILE* in) {
    std::string t;
    int ch;
    while ((ch = std::fgetc(in)) != EOF && (ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t')) {
    }
    while (ch != EOF && ch != ' ' && ch != '\n' && ch != '\r' && ch != '\t') {
        t += (char)ch;
        if (t.size() > 40) break;
        ch = std::fgetc(in);
    }
    return t;
}

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s input_file answer_file feedback_dir < team_output\n", argv[0]);
        return 1;
    }
    feedback = argv[3];
    FILE* input = std::fopen(argv[1], "r");
    int k, x, y;
    if (!input || std::fscanf(input, "%d %d %d", &k, &x, &y) != 3) {
        std::fprintf(stderr, "cannot read the input file %s\n", argv[1]);
        return 1;
    }
    const int n = 1 << k;
    const int hole = (n - y) * n + (x - 1);
    // Every tromino is numbered by a natural number of at most 19000, one
    // number a tromino (with more trominoes than that, K >= 8, beyond the
    // judges' limits, the bound is their count).
    const long long tiles = ((long long)n * n - 1) / 3;
    const long long max_label = std::max(19000LL, tiles);
    std::vector<long long> label(n * n);
    for (int i = 0; i < n * n; i++) {
        std::string t = token(stdin);
        if (t.empty()) wrong("the output ends after " + std::to_string(i) + " numbers; expected " + std::to_string(n * n));
        const std::string where = "row " + std::to_string(i / n + 1) + ", column " + std::to_string(i % n + 1);
        if (t == "-1") {
            if (i != hole) wrong(where + " holds -1, but the hole is elsewhere");
            label[i] = -1;
            continue;
        }
        if (i == hole) wrong(where + " is the hole and must hold -1, found " + t);
        if (t.size() > 18) wrong(where + ": the number " + t + " is too long");
        long long v = 0;
        for (char c : t) {
            if (c < '0' || c > '9') wrong(where + ": expected a tromino number or -1, found " + t);
            v = v * 10 + (c - '0');
        }
        label[i] = v;
    }
    if (!token(stdin).empty()) wrong("extra output after the " + std::to_string(n * n) + " numbers");
    // Cells are named (row,column), 1-based from the top left, in reading
    // order; the first offending cell decides the message.
    std::map<long long, std::vector<int>> cells;
    for (int i = 0; i < n * n; i++) {
        if (label[i] != -1) cells[label[i]].push_back(i);
    }
    auto cell = [n](int i) { return "(" + std::to_string(i / n + 1) + "," + std::to_string(i % n + 1) + ")"; };
    for (int i = 0; i < n * n; i++) {
        const long long v = label[i];
        if (v == -1) continue;
        const std::vector<int>& list = cells[v];
        if (v < 1 || v > max_label) {
            std::string named;
            for (size_t j = 0; j < list.size() && j < 8; j++) named += " " + cell(list[j]);
            if (list.size() > 8) named += " and " + std::to_string(list.size() - 8) + " more";
            wrong(std::string(list.size() == 1 ? "cell" : "cells") + named + (list.size() == 1 ? " is" : " are") +
                  " labelled " + std::to_string(v) + ": labels are 1.." + std::to_string(max_label));
        }
        if (list.size() != 3) wrong("the number " + std::to_string(v) + " is on " + std::to_string(list.size()) + " cells, not 3");
        // Three cells of one 2x2 square: an L.
        int r0 = list[0] / n, r1 = r0, c0 = list[0] % n, c1 = c0;
        for (int c : list) {
            r0 = std::min(r0, c / n);
            r1 = std::max(r1, c / n);
            c0 = std::min(c0, c % n);
            c1 = std::max(c1, c % n);
        }
        if (r1 - r0 != 1 || c1 - c0 != 1) wrong("the cells numbered " + std::to_string(v) + " are not an L-tromino");
    }
    verdict(42, "a valid tiling");
}
