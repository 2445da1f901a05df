# A contestant's generator for BOJ 12100, called as `gen_2048.py [MODE]
# SEED CASE` (stress puts its SEED and CASE after the words it was
# given): small sparse boards (most cells empty, small blocks), the
# kind of case a hunch about sparse boards asks for. MODE makes it go
# wrong on purpose from the third case on: `invalid` prints a number
# too many after the board, `crash` exits with status 3 after a line
# on stderr, `slow` never ends; `crash-late` crashes as `crash` does
# past case 30 only (in the cases of a diagnosis after 30 cases).
import random
import sys

seed, case = int(sys.argv[-2]), int(sys.argv[-1])
mode = sys.argv[1] if len(sys.argv) > 3 else "sparse"
rng = random.Random(seed)
if (case >= 3 and mode == "crash") or (case > 30 and mode == "crash-late"):
    print("gen_2048: no board for case", case, file=sys.stderr)
    sys.exit(3)
if case >= 3 and mode == "slow":
    while True:
        pass
n = rng.randint(2, 5)
rows = [[rng.choice([2, 2, 4, 8]) if rng.random() < 0.3 else 0 for _ in range(n)] for _ in range(n)]
if not any(any(row) for row in rows):
    rows[0][0] = 2
print(n)
for row in rows:
    print(*row)
if case >= 3 and mode == "invalid":
    print(9)
