# A contestant's brute force for BOJ 12100, every line of K = 5 moves:
# right, or wrong on purpose by its first argument: `short` plays one
# move too few (K = 4), `crash` exits with status 4 after a line on
# stderr, `slow` never ends.
import sys

mode = sys.argv[1] if len(sys.argv) > 1 else "right"
if mode == "crash":
    print("brute_2048: cannot search", file=sys.stderr)
    sys.exit(4)
if mode == "slow":
    while True:
        pass


def merge(line):
    blocks = [v for v in line if v]
    out = []
    i = 0
    while i < len(blocks):
        if i + 1 < len(blocks) and blocks[i] == blocks[i + 1]:
            out.append(blocks[i] * 2)
            i += 2
        else:
            out.append(blocks[i])
            i += 1
    return tuple(out + [0] * (len(line) - len(out)))


def moves(board):
    rows = board
    cols = tuple(zip(*board))
    left = tuple(merge(r) for r in rows)
    right = tuple(merge(r[::-1])[::-1] for r in rows)
    up = tuple(zip(*(merge(c) for c in cols)))
    down = tuple(zip(*(merge(c[::-1])[::-1] for c in cols)))
    return (left, right, up, down)


def best(board, k):
    top = max(max(r) for r in board)
    if k == 0:
        return top
    return max(best(b, k - 1) for b in set(moves(board)))


data = sys.stdin.read().split()
n = int(data[0])
cells = list(map(int, data[1 : 1 + n * n]))
board = tuple(tuple(cells[r * n : (r + 1) * n]) for r in range(n))
print(best(board, 4 if mode == "short" else 5))
