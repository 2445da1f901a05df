// A correct Java program that a busy machine starves, for the load test
// of tests/cli/starvation.rs: it reads a one-block 2048 case ("1\nV\n"),
// computes for ARGV[0] ms of its thread's CPU time and prints V. The JVM
// runs main in a second thread while the process's first thread waits
// for it, so all of the wait for a CPU is in a thread other than the
// first.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

public class Starved {
    public static void main(String[] args) throws Exception {
        long wantNanos = Long.parseLong(args[0]) * 1_000_000L;
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        in.readLine();
        String value = in.readLine().trim();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long start = threads.getCurrentThreadCpuTime();
        long sum = 0;
        while (threads.getCurrentThreadCpuTime() - start < wantNanos) {
            for (int i = 0; i < 100000; i++) {
                sum += i;
            }
        }
        // Uses the sum, so that the loop is not optimised away.
        System.out.println(sum == 42 ? "" : value);
    }
}
