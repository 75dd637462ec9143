// The seed without a lock: CPU work, then a 5 ms
// sleep. The sleep unmounts on every JDK; the run
// takes about N x CPU time / P. (platform-vs-virtual
// runs this on platform threads too; a task file
// runs on virtual threads only.)
public class SeedNone {
    static final int CPU_ITERATIONS = 10_000;
    static final int SLEEP_MS = 5;
    volatile double sink;

    public void run(int index) throws Exception {
        double sum = 0;
        for (int i = 0; i < CPU_ITERATIONS; i++) {
            sum += Math.sin(i) * Math.cos(i);
        }
        sink = sum;
        Thread.sleep(SLEEP_MS);
    }
}
