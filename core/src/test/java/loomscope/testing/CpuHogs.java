package loomscope.testing;

import java.util.ArrayList;
import java.util.List;

/**
 * Busy threads that take whole cores: what a neighbour's build does to the scheduling of a test. The tests that
 * depend on scheduling are run beside two of them (app/src/test/bench/under-load.sh, docs/reliability.md), so that
 * what they assert is known to hold on a loaded 2-core machine, not only on a quiet one.
 * <p>As a program, in a JVM of its own so that its threads are not the tested JVM's:
 * {@code java core/src/test/java/loomscope/testing/CpuHogs.java COUNT SECONDS}; it stops by itself after SECONDS, so
 * a loop that is interrupted leaves nothing spinning for long.
 */
public final class CpuHogs implements AutoCloseable {
    private static final int MAX_COUNT = 256;
    private static final long MAX_SECONDS = 7 * 24 * 3600;

    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean stopped;

    private CpuHogs(int count) {
        for (int i = 0; i < count; i++) {
            Thread t = Thread.ofPlatform().daemon().name("loomscope-cpu-hog-" + i).unstarted(this::spin);
            threads.add(t);
        }
        threads.forEach(Thread::start);
    }

    /** Starts {@code count} threads that spin until {@link #close()}. */
    public static CpuHogs start(int count) {
        if (count < 1 || count > MAX_COUNT) {
            throw new IllegalArgumentException("count must be 1.." + MAX_COUNT + ": " + count);
        }
        return new CpuHogs(count);
    }

    public int count() { return threads.size(); }

    /** True while every hog still spins. */
    public boolean allSpinning() { return !stopped && threads.stream().allMatch(Thread::isAlive); }

    private void spin() {
        // the loop's only memory access is the volatile read: it stays on its core and allocates nothing
        long spins = 0;
        while (!stopped) {
            spins++;
        }
        if (spins < 0) {
            System.out.println(spins);   // never: keeps the JIT from removing the loop's counter as dead
        }
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        for (Thread t : threads) {
            t.join();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 2) {
            fail("usage: CpuHogs COUNT SECONDS");
        }
        int count = wholeNumber(args[0], "COUNT", MAX_COUNT);
        long seconds = wholeNumber(args[1], "SECONDS", MAX_SECONDS);
        try (CpuHogs hogs = start(count)) {
            System.out.println(count + " CPU hogs for at most " + seconds + " s (pid " + ProcessHandle.current().pid() + ")");
            Thread.sleep(seconds * 1000);
        }
    }

    private static int wholeNumber(String text, String name, long max) {
        try {
            long n = Long.parseLong(text);
            if (n >= 1 && n <= max) {
                return (int) n;
            }
        } catch (NumberFormatException notANumber) {
            // the line below says what was wrong
        }
        fail(name + " must be a whole number from 1 to " + max + ": " + text);
        return 0;
    }

    private static void fail(String line) {
        System.err.println(line);
        System.exit(2);
    }
}
