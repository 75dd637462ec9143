package loomscope.clock;

import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.Deflater;

/**
 * What asking the kernel costs the held-stack sampler (issue #44): its own thread's CPU time a second, with the kernel
 * asked and without (the sampler before #44 read no /proc), on two "carriers" (platform threads, each loop a mount)
 * that (a) deflate beside as many CPU hogs as cores: off their CPU often, where the kernel is read at each such look;
 * (b) read a pipe written 5 ms later: a held mount every 5 ms, one read of the kernel before each stack.
 * Not a test: {@code java -cp clock/target/classes:clock/target/test-classes loomscope.clock.HeldSamplerCostBench}.
 */
public final class HeldSamplerCostBench {
    private static final long SECONDS = 5;

    private HeldSamplerCostBench() { }

    public static void main(String[] args) throws Exception {
        for (String load : List.of("deflate beside hogs", "pipe reads")) {
            for (int round = 0; round < 2; round++) {
                for (boolean ask : new boolean[] {false, true}) {
                    double[] r = measure(load, ask);
                    System.out.printf("%-20s kernel %-5s sampler CPU %6.2f ms/s (%.2f %% of a core), stacks %5.0f/s%n", load,
                            ask ? "asked" : "not", r[0], r[0] / 10, r[1]);
                }
            }
        }
    }

    private static double[] measure(String load, boolean ask) throws Exception {
        AtomicBoolean going = new AtomicBoolean(true);
        List<Thread> others = new ArrayList<>();
        Thread[] carriers = new Thread[2];
        long[] since = new long[2];
        CarrierClock[] clocks = new CarrierClock[2];
        CountDownLatch told = new CountDownLatch(2);
        byte[] input = new byte[1 << 20];
        new Random(44).nextBytes(input);
        for (int c = 0; c < 2; c++) {
            int slot = c;
            carriers[c] = Thread.ofPlatform().daemon().start(() -> {
                clocks[slot] = CarrierClock.forCurrentThread();
                told.countDown();
                byte[] output = new byte[2 << 20];
                try {
                    while (going.get()) {
                        since[slot] = System.nanoTime();
                        if (load.startsWith("deflate")) {
                            Deflater d = new Deflater(Deflater.BEST_COMPRESSION);
                            d.setInput(input);
                            d.finish();
                            d.deflate(output);
                            d.end();
                        } else {
                            Process p = new ProcessBuilder("sh", "-c", "sleep 0.005; echo x").start();
                            try (InputStream in = p.getInputStream()) {
                                in.read();
                            }
                            p.waitFor();
                        }
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
        }
        if (load.startsWith("deflate")) {
            for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
                others.add(Thread.ofPlatform().daemon().start(() -> {
                    while (going.get()) {
                        Thread.onSpinWait();
                    }
                }));
            }
        }
        told.await();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        AtomicLong stacks = new AtomicLong();
        HeldSampler sampler = new HeldSampler(new HeldSampler.Mounts() {
            @Override public int carriers() { return 2; }
            @Override public Thread mounted(int c) { return carriers[c]; }
            @Override public long mountedSince(int c) { return since[c]; }
            @Override public Thread carrier(int c) { return carriers[c]; }
            @Override public long now() { return System.nanoTime(); }
        }, (c, from, at, state, kernelBlocked, stack) -> stacks.incrementAndGet(),
                t -> threads.getThreadCpuTime(t.threadId()), ask ? CarrierSchedule::of : t -> null);
        Thread loop = Thread.ofPlatform().daemon().start(sampler);
        Thread.sleep(500);   // past the first looks and the classes' loading
        long cpu0 = threads.getThreadCpuTime(loop.threadId());
        long stacks0 = stacks.get();
        long t0 = System.nanoTime();
        Thread.sleep(SECONDS * 1000);
        long cpu = threads.getThreadCpuTime(loop.threadId()) - cpu0;
        double seconds = (System.nanoTime() - t0) / 1e9;
        long taken = stacks.get() - stacks0;
        sampler.stop();
        loop.join();
        going.set(false);
        for (Thread t : others) {
            t.join();
        }
        for (int c = 0; c < 2; c++) {
            carriers[c].join();
            clocks[c].close();
        }
        return new double[] {cpu / 1e6 / seconds, taken / seconds};
    }
}
