// Programmers 92345 (disappearing footholds) in the Programmers form,
// written carelessly: the class is named like boardsolve's harness class,
// solution returns a String, and it writes a debug line straight to
// descriptor 1, past System.out.
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;

public class BoardsolveHarness {
    private static final int[] DR = {1, -1, 0, 0};
    private static final int[] DC = {0, 0, 1, -1};
    private int[][] cells;

    // The game from here as one number: twice the moves it lasts under
    // best play, plus 1 when the player to move (at r, c) wins it.
    private int play(int r, int c, int otherR, int otherC) {
        int best = 0;
        boolean moved = false;
        for (int d = 0; d < 4 && cells[r][c] == 1; d++) {
            int nr = r + DR[d], nc = c + DC[d];
            boolean inside = nr >= 0 && nc >= 0 && nr < cells.length && nc < cells[0].length;
            if (!inside || cells[nr][nc] == 0) continue;
            cells[r][c] = 0;
            int after = play(otherR, otherC, nr, nc);
            cells[r][c] = 1;
            int mine = (after / 2 + 1) * 2 + (after % 2 == 0 ? 1 : 0);
            if (!moved || better(mine, best)) best = mine;
            moved = true;
        }
        return best;
    }

    // Whether the player to move prefers outcome a to b: a win to a loss,
    // the shorter win, the longer loss.
    private static boolean better(int a, int b) {
        boolean winA = a % 2 == 1, winB = b % 2 == 1;
        if (winA != winB) return winA;
        return winA ? a < b : a > b;
    }

    public String solution(int[][] board, int[] aloc, int[] bloc) throws IOException {
        cells = board;
        int moves = play(aloc[0], aloc[1], bloc[0], bloc[1]) / 2;
        new FileOutputStream(FileDescriptor.out).write(("debug on fd 1: " + moves + "\n").getBytes());
        return String.valueOf(moves);
    }
}
