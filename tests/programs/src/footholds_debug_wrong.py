# Programmers 92345 in the Programmers form, wrong: the player who loses
# ends the game as fast as it can (it should make it last). A debug print
# is left inside solution(), as people leave them. Written as many do it:
# the steps a player can take first, then the game after each of them.

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def steps_from(board, r, c):
    for dr, dc in STEPS:
        nr, nc = r + dr, c + dc
        if 0 <= nr < len(board) and 0 <= nc < len(board[0]) and board[nr][nc] == 1:
            yield nr, nc


def game(board, me, other):
    r, c = me
    options = list(steps_from(board, r, c)) if board[r][c] == 1 else []
    if not options:
        return False, 0
    board[r][c] = 0
    after = [game(board, other, step) for step in options]
    board[r][c] = 1
    winning = [moves + 1 for they_win, moves in after if not they_win]
    if winning:
        return True, min(winning)
    return False, min(moves + 1 for _, moves in after)


def solution(board, aloc, bloc):
    answer = game(board, tuple(aloc), tuple(bloc))[1]
    print("debug: solution sees", len(board), "rows, answers", answer)
    return answer
