package loomscope.scenario;

import loomscope.workload.CancelToken;

/** The seeds' CPU burn: {@code iterations} of sin(i)*cos(i), kept alive so the JIT cannot drop it. */
public final class CpuWork {
    private static volatile double sink;

    private CpuWork() { }

    /** Burns until done or until {@code cancel} is raised (checked every 4,096 iterations: ~80 µs). */
    public static void burn(int iterations, CancelToken cancel) {
        double sum = 0;
        for (int i = 0; i < iterations; i++) {
            if ((i & 4095) == 4095 && cancel.isCancelled()) {
                break;
            }
            sum += Math.sin(i) * Math.cos(i);
        }
        sink = sum;
    }
}
