// Programmers 92345 (disappearing footholds) in the Programmers form:
// only solution(board, aloc, bloc), with a demo print as people leave it.
function solution(board, aloc, bloc) {
    const rows = board.length, cols = board[0].length;
    // [whether the player to move wins, the moves left] under best play.
    function turn(r, c, otherR, otherC) {
        if (!board[r][c]) return [false, 0];
        const outcomes = [];
        for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
            const nr = r + dr, nc = c + dc;
            if (nr < 0 || nc < 0 || nr >= rows || nc >= cols || !board[nr][nc]) continue;
            board[r][c] = 0;
            const [theyWin, moves] = turn(otherR, otherC, nr, nc);
            board[r][c] = 1;
            outcomes.push([!theyWin, moves + 1]);
        }
        if (outcomes.length === 0) return [false, 0];
        const wins = outcomes.filter(([won]) => won).map(([, moves]) => moves);
        if (wins.length > 0) return [true, Math.min(...wins)];
        return [false, Math.max(...outcomes.map(([, moves]) => moves))];
    }
    return turn(aloc[0], aloc[1], bloc[0], bloc[1])[1];
}

console.log("demo:", solution([[1, 1, 1], [1, 1, 1], [1, 1, 1]], [1, 0], [1, 2]));
