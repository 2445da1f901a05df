# Programmers 92345 in the Programmers form, wrong: the player who loses
# ends the game as fast as it can (it should make it last). A debug print
# is left inside solution(), as people leave them.


def solution(board, aloc, bloc):
    rows, cols = len(board), len(board[0])

    def turn(me, other):
        r, c = me
        if not board[r][c]:
            return False, 0
        outcomes = []
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < rows and 0 <= nc < cols and board[nr][nc]:
                board[r][c] = 0
                they_win, moves = turn(other, (nr, nc))
                board[r][c] = 1
                outcomes.append((not they_win, moves + 1))
        if not outcomes:
            return False, 0
        wins = [moves for won, moves in outcomes if won]
        if wins:
            return True, min(wins)
        return False, min(moves for _, moves in outcomes)

    answer = turn(tuple(aloc), tuple(bloc))[1]
    print("debug: solution sees", len(board), "rows, answers", answer)
    return answer
