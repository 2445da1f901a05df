# Programmers 92345 harness: reads `board aloc bloc` in the literal form
# (one instance a line, as `boardsolve gen 92345` writes) and prints
# solution(board, aloc, bloc) for each line. Replace solution() with yours.
import json, re, sys

def main():
    for line in sys.stdin:
        if line.strip():
            board, aloc, bloc = json.loads("[" + re.sub(r"\]\s+\[", "],[", line) + "]")
            print(solution(board, aloc, bloc))

# A plain minimax, so that the harness can be tested end to end.
def solution(board, aloc, bloc):
    def play(me, you):
        if not board[me[0]][me[1]]:
            return False, 0
        best = None
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            r, c = me[0] + dr, me[1] + dc
            if 0 <= r < len(board) and 0 <= c < len(board[0]) and board[r][c]:
                board[me[0]][me[1]] = 0
                they_win, rest = play(you, [r, c])
                board[me[0]][me[1]] = 1
                mine = (not they_win, rest + 1)
                if best is None or (mine[0] and not best[0]):
                    best = mine
                elif mine[0] == best[0]:
                    best = (best[0], min(best[1], mine[1]) if best[0] else max(best[1], mine[1]))
        return best or (False, 0)
    return play(aloc, bloc)[1]

main()
