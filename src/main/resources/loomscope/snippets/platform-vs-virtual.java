// platform-vs-virtual's task: CPU work, then a
// sleep, no lock. The scenario compares thread
// kinds; a task file always runs on virtual
// threads, so this shows the virtual side only.
public class PlatformVsVirtual {
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
