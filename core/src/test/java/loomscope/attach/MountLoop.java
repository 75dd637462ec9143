package loomscope.attach;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link AttachCostBench}'s target: on one carrier ({@code -Djdk.virtualThreadScheduler.parallelism=1}), virtual
 * threads that only yield, so that nearly all of the time goes to mount episodes. Each round ({@link GoRounds})
 * prints {@code NS <wall> <carrier CPU> <process CPU>} (nanoseconds per episode). The CPU figures hold on a shared
 * machine where the wall time does not: the carrier's own CPU time is what the hooks cost it, the process's adds the
 * agent's drain thread (and the JVM's own threads).
 */
public final class MountLoop {
    private MountLoop() { }

    /** CPU time of the carriers (the JDK's scheduler's ForkJoinPool workers) so far. */
    private static long carrierCpuNanos() {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (java.lang.management.ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null && info.getThreadName().startsWith("ForkJoinPool-1-worker-")) {
                sum += Math.max(0, threads.getThreadCpuTime(info.getThreadId()));
            }
        }
        return sum;
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        int yields = Integer.parseInt(args[1]);
        GoRounds.serve(() -> round(threads, yields));
    }

    private static void round(int threads, int yields) throws InterruptedException {
        long carrierCpu = carrierCpuNanos();
        long processCpu = processCpuNanos();
        long start = System.nanoTime();
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            started.add(Thread.ofVirtual().start(() -> {
                for (int i = 0; i < yields; i++) {
                    Thread.yield();
                }
            }));
        }
        for (Thread t : started) {
            t.join();
        }
        long wall = System.nanoTime() - start;
        // each yield ends one episode and starts the next; each thread adds its first mount
        long episodes = (long) threads * (yields + 1);
        // the agent's threads may still drain what this round wrote: give them until the next round, not this one
        long carrier = carrierCpuNanos() - carrierCpu;
        long process = processCpuNanos() - processCpu;
        System.out.printf(java.util.Locale.ROOT, "NS %.1f %.1f %.1f%n", (double) wall / episodes,
                (double) carrier / episodes, (double) process / episodes);
    }
}
