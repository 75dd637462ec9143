package loomscope.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.zip.Deflater;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Issue #44's busy CPU: a native call that stays on a CPU (a {@link Deflater} over megabytes) beside as many CPU hogs as
 * the machine has cores waits for a CPU often enough that the JVM's CPU clock finds it off its CPU, and its stack, a
 * native frame on top, would read as a system call. The kernel tells: runnable, never sampled. A pipe read beside the
 * same hogs is blocked, and sampled with the kernel's word. Platform threads stand in for mounts and their carriers
 * (each deflate call a mount of its own), as in {@link HeldSamplerTest}.
 */
class HeldSamplerBesideHogsTest {
    private static final long SAMPLE_NANOS = 2_000_000_000L;

    private record Held(int carrier, boolean kernelBlocked, StackTraceElement top) { }

    /** Two "carriers" deflating in a loop, each call a new mount. */
    private static final class Deflating {
        final Thread[] threads = new Thread[2];
        final long[] since = new long[2];
        final CarrierClock[] clocks = new CarrierClock[2];
        final AtomicBoolean going = new AtomicBoolean(true);
        final CountDownLatch told = new CountDownLatch(2);

        Deflating() {
            byte[] input = new byte[4 << 20];
            new Random(44).nextBytes(input);   // random bytes: the deflater searches hard and finds little
            for (int c = 0; c < 2; c++) {
                int slot = c;
                threads[c] = Thread.ofPlatform().daemon().name("deflating-" + c).start(() -> {
                    clocks[slot] = CarrierClock.forCurrentThread();   // tells its task id, as a carrier does
                    told.countDown();
                    byte[] output = new byte[5 << 20];
                    while (going.get()) {
                        since[slot] = System.nanoTime();
                        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
                        deflater.setInput(input);
                        deflater.finish();
                        deflater.deflate(output);   // one native call of tens of milliseconds, on a CPU throughout
                        deflater.end();
                    }
                });
            }
        }

        HeldSampler.Mounts mounts() {
            return new HeldSampler.Mounts() {
                @Override public int carriers() { return 2; }
                @Override public Thread mounted(int c) { return threads[c]; }
                @Override public long mountedSince(int c) { return since[c]; }
                @Override public Thread carrier(int c) { return threads[c]; }
                @Override public long now() { return System.nanoTime(); }
            };
        }

        void stop() throws InterruptedException {
            going.set(false);
            for (int c = 0; c < 2; c++) {
                threads[c].join();
                clocks[c].close();
            }
        }
    }

    private static List<Held> sample(HeldSampler.Mounts mounts, boolean askTheKernel) throws InterruptedException {
        List<Held> held = new ArrayList<>();
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        HeldSampler sampler = new HeldSampler(mounts, (c, from, at, state, kernelBlocked, stack) -> {
            synchronized (held) {
                held.add(new Held(c, kernelBlocked, stack.length == 0 ? null : stack[0]));
            }
        }, t -> threads.getThreadCpuTime(t.threadId()), askTheKernel ? CarrierSchedule::of : t -> null);
        Thread loop = Thread.ofPlatform().daemon().name("sampler").start(sampler);
        Thread.sleep(SAMPLE_NANOS / 1_000_000);
        sampler.stop();
        loop.join();
        synchronized (held) {
            return List.copyOf(held);
        }
    }

    private static List<Thread> hogs(AtomicBoolean going) {
        List<Thread> hogs = new ArrayList<>();
        for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
            hogs.add(Thread.ofPlatform().daemon().name("hog-" + i).start(() -> {
                while (going.get()) {
                    Thread.onSpinWait();
                }
            }));
        }
        return hogs;
    }

    private static boolean deflating(Held h) {
        return h.top() != null && h.top().isNativeMethod() && h.top().getClassName().equals("java.util.zip.Deflater");
    }

    @Test
    void aNativeCallOnACpuBesideHogsIsNeverHeldWhereTheKernelSays() throws Exception {
        Deflating deflating = new Deflating();
        AtomicBoolean hogging = new AtomicBoolean(true);
        List<Thread> hogs = hogs(hogging);
        List<Held> asked;
        List<Held> notAsked;
        try {
            deflating.told.await();
            Assumptions.assumeTrue(CarrierSchedule.of(deflating.threads[0]) != null, "no /proc here: the kernel says nothing");
            asked = sample(deflating.mounts(), true);
            notAsked = sample(deflating.mounts(), false);
        } finally {
            hogging.set(false);
            for (Thread hog : hogs) {
                hog.join();
            }
            deflating.stop();
        }
        System.out.println("beside " + hogs.size() + " hogs, 2 s each: asking the kernel " + asked.stream()
                .filter(HeldSamplerBesideHogsTest::deflating).count() + " deflating stacks; the CPU clock alone "
                + notAsked.stream().filter(HeldSamplerBesideHogsTest::deflating).count());
        assertEquals(List.of(), asked.stream().filter(HeldSamplerBesideHogsTest::deflating).toList(),
                "a deflate on a CPU, or waiting for one, is never held where the kernel says");
        assertTrue(notAsked.stream().filter(HeldSamplerBesideHogsTest::deflating).noneMatch(Held::kernelBlocked),
                "without the kernel, no stack claims its word");
        // what the kernel's word saves: the CPU clock alone finds the deflates off their CPU beside the hogs (on a
        // machine where the hogs leave them a CPU this may be none; then the first assertion stood on no contention)
        Assumptions.assumeTrue(notAsked.stream().anyMatch(HeldSamplerBesideHogsTest::deflating),
                "the deflates were never off their CPU here");
    }

    @Test
    void aPipeReadBesideHogsIsHeldWithTheKernelsWord() throws Exception {
        AtomicBoolean hogging = new AtomicBoolean(true);
        List<Thread> hogs = hogs(hogging);
        Thread[] reader = new Thread[1];
        long[] since = new long[1];
        CarrierClock[] clock = new CarrierClock[1];
        AtomicBoolean reading = new AtomicBoolean(true);
        CountDownLatch told = new CountDownLatch(1);
        reader[0] = Thread.ofPlatform().daemon().name("pipe-reader").start(() -> {
            clock[0] = CarrierClock.forCurrentThread();
            told.countDown();
            try {
                while (reading.get()) {
                    Process writer = new ProcessBuilder("sh", "-c", "sleep 0.05; echo x").start();
                    since[0] = System.nanoTime();
                    try (InputStream in = writer.getInputStream()) {
                        in.read();   // blocks in read(2) until the child writes
                    }
                    writer.waitFor();
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        List<Held> held;
        try {
            told.await();
            Assumptions.assumeTrue(CarrierSchedule.of(reader[0]) != null, "no /proc here: the kernel says nothing");
            held = sample(new HeldSampler.Mounts() {
                @Override public int carriers() { return 1; }
                @Override public Thread mounted(int c) { return reader[0]; }
                @Override public long mountedSince(int c) { return since[0]; }
                @Override public Thread carrier(int c) { return reader[0]; }
                @Override public long now() { return System.nanoTime(); }
            }, true);
        } finally {
            reading.set(false);
            hogging.set(false);
            for (Thread hog : hogs) {
                hog.join();
            }
            reader[0].join();
            clock[0].close();
        }
        List<Held> reads = held.stream().filter(h -> h.top() != null && h.top().isNativeMethod()
                && h.top().getClassName().equals("java.io.FileInputStream")).toList();
        // 2 s of 50 ms reads, each after a process start that beside the hogs on a loaded machine can take longer
        assertTrue(reads.size() >= 2, "reads sampled: " + held);
        assertTrue(reads.stream().allMatch(Held::kernelBlocked), "each read's stack with the kernel's word: " + reads);
    }
}
