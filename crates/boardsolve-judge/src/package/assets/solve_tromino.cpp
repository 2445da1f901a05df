// An L-tromino tiling of the 2^K board with one hole (accepted solution of
// the boardsolve package): split into four quadrants, put one tromino on
// the centre covering the corner of each quadrant without the hole, and
// tile each quadrant the same way.
// With MISTAKE defined it is a wrong solution: it reads x as the row and
// y as the column, so its hole lands elsewhere unless x and y agree.
#include <cstdio>
#include <string>
#include <vector>

static int n;
static std::vector<std::vector<int>> label;
static int next_label = 1;

// Tiles the square of side `side` at (top, left) whose one covered cell
// (the hole or a tromino already placed) is (hr, hc).
static void tile(int top, int left, int side, int hr, int hc) {
    if (side == 1) return;
    int half = side / 2;
    int id = next_label++;
    int holes[4][2];
    for (int q = 0; q < 4; q++) {
        int qr = top + (q / 2) * half;
        int qc = left + (q % 2) * half;
        bool inside = hr >= qr && hr < qr + half && hc >= qc && hc < qc + half;
        if (inside) {
            holes[q][0] = hr;
            holes[q][1] = hc;
        } else {
            // The quadrant's corner at the centre of the square.
            holes[q][0] = top + half - 1 + q / 2;
            holes[q][1] = left + half - 1 + q % 2;
            label[holes[q][0]][holes[q][1]] = id;
        }
    }
    for (int q = 0; q < 4; q++)
        tile(top + (q / 2) * half, left + (q % 2) * half, half, holes[q][0], holes[q][1]);
}

int main() {
    int k, x, y;
    if (std::scanf("%d %d %d", &k, &x, &y) != 3) return 1;
#ifdef MISTAKE
    int swap = x;
    x = y;
    y = swap;
#endif
    n = 1 << k;
    label.assign(n, std::vector<int>(n, 0));
    // x counts columns from 1 at the left, y rows from 1 at the bottom.
    int hr = n - y, hc = x - 1;
    label[hr][hc] = -1;
    tile(0, 0, n, hr, hc);
    std::string out;
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            if (c) out += ' ';
            out += std::to_string(label[r][c]);
        }
        out += '\n';
    }
    std::fputs(out.c_str(), stdout);
    return 0;
}
