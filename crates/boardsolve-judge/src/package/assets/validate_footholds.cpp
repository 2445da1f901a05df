
// Programmers 92345, its arguments written literally on one line:
// `[[1, 0], [1, 1]] [0, 0] [1, 1]`: 1..5 rows of the same 1..5 cells, each
// 0 or 1, then the two players' cells, each on a foothold.
#include <vector>

static std::vector<std::vector<int>> board;

static void location(const char* who) {
    expect('[');
    size_t start = at;
    long long r = number(0, (long long)board.size() - 1, who);
    expect_text(", ");
    long long c = number(0, (long long)board[0].size() - 1, who);
    expect(']');
    if (board[r][c] != 1) {
        at = start;
        invalid(std::string(who) + " stands on a cell without a foothold");
    }
}

int main() {
    read_all();
    expect('[');
    do {
        if (board.size() == 5) invalid("more than 5 rows");
        expect('[');
        board.push_back({});
        do {
            if (board.back().size() == 5) invalid("more than 5 columns");
            board.back().push_back((int)number(0, 1, "a cell"));
        } while (at < text.size() && text[at] == ',' && (expect_text(", "), true));
        expect(']');
        if (board.back().size() != board[0].size()) invalid("the rows differ in length");
    } while (at < text.size() && text[at] == ',' && (expect_text(", "), true));
    expect(']');
    expect(' ');
    location("aloc");
    expect(' ');
    location("bloc");
    expect('\n');
    expect_end();
}
