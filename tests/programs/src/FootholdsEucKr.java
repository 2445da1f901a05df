// Programmers 92345 (disappearing footholds) in the Programmers form,
// in a package, in a file not named after its classes, with a demo main
// and a comment saved in EUC-KR: 발판 문제 풀이 (Korean editors still do).
package kr.contest.footholds;

class Solution {
    private int[][] cells;

    // {1 if the player to move wins, the moves left} under best play.
    private int[] turn(int r, int c, int otherR, int otherC) {
        if (cells[r][c] == 0) return new int[] {0, 0};
        int[][] steps = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        boolean any = false, canWin = false;
        int fastestWin = Integer.MAX_VALUE, longestLoss = 0;
        for (int[] s : steps) {
            int nr = r + s[0], nc = c + s[1];
            if (nr < 0 || nc < 0 || nr >= cells.length || nc >= cells[0].length || cells[nr][nc] == 0) continue;
            any = true;
            cells[r][c] = 0;
            int[] they = turn(otherR, otherC, nr, nc);
            cells[r][c] = 1;
            if (they[0] == 0) { canWin = true; fastestWin = Math.min(fastestWin, they[1] + 1); }
            else longestLoss = Math.max(longestLoss, they[1] + 1);
        }
        if (!any) return new int[] {0, 0};
        return canWin ? new int[] {1, fastestWin} : new int[] {0, longestLoss};
    }

    public int solution(int[][] board, int[] aloc, int[] bloc) {
        cells = board;
        int moves = turn(aloc[0], aloc[1], bloc[0], bloc[1])[1];
        System.out.println("debug: " + moves + " moves");
        return moves;
    }
}

public class Demo {
    public static void main(String[] args) {
        System.out.println(new Solution().solution(new int[][] {{1, 1, 1}, {1, 1, 1}, {1, 1, 1}}, new int[] {1, 0}, new int[] {1, 2}));
    }
}
