// Programmers 92345 (disappearing footholds) in the Programmers form,
// written carelessly: the class is named like boardsolve's harness class,
// solution returns a String, and it writes a debug line straight to
// descriptor 1, past System.out.
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;

public class BoardsolveHarness {
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

    public String solution(int[][] board, int[] aloc, int[] bloc) throws IOException {
        cells = board;
        int moves = turn(aloc[0], aloc[1], bloc[0], bloc[1])[1];
        new FileOutputStream(FileDescriptor.out).write(("debug on fd 1: " + moves + "\n").getBytes());
        return String.valueOf(moves);
    }
}
