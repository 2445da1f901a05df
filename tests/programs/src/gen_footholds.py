# A contestant's generator for Programmers 92345, called as
# `gen_footholds.py [plain] SEED CASE`: boards of at most 3×3, mostly
# footholds, in the judge's literal form (`[[1, 0], [1, 1]] [0, 0] [1, 1]`).
# With `plain` it writes the puzzle's plain form instead (rows, columns,
# the board, then the two players' cells), which 92345 does not read.
import random
import sys

rng = random.Random(int(sys.argv[-2]))
plain = len(sys.argv) > 3 and sys.argv[1] == "plain"
rows, cols = rng.randint(1, 3), rng.randint(1, 3)
board = [[1 if rng.random() < 0.8 else 0 for _ in range(cols)] for _ in range(rows)]
cells = [(r, c) for r in range(rows) for c in range(cols) if board[r][c]]
if not cells:
    board[0][0] = 1
    cells = [(0, 0)]
a, b = rng.choice(cells), rng.choice(cells)
if plain:
    print(rows, cols)
    for row in board:
        print(*row)
    print(*a, *b)
else:
    print(board, list(a), list(b))
