package loomscope.probe;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import loomscope.recording.CarrierLog;
import loomscope.recording.MountClass;
import loomscope.recording.RunRecorder;
import loomscope.recording.RunRecording;
import loomscope.scenario.Scenarios;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/**
 * What classing held mounts while a run goes costs LoomScope (docs/performance.md, "Causes while it runs"): a live
 * recording fed {@code rate} held mounts a second on 8 carriers in real time, each with a stack sampled while it was
 * held and every other one with a file-read event, classed by {@link LiveCauses} as it would be in this JVM. Prints the
 * passes' CPU as a share of one core. Not a JUnit test (timing claims live in benchmarks):
 * {@code java -cp <core test class path> loomscope.probe.LiveCausesBench [held mounts a second] [seconds]}.
 */
public final class LiveCausesBench {
    private static final int CARRIERS = 8;
    private static final List<StackFrame> READ = List.of(
            new StackFrame(null, "java.io.FileInputStream", "readBytes", null, StackFrame.NATIVE_LINE),
            new StackFrame(null, "shop.Files", "load", null, 42));

    private LiveCausesBench() { }

    public static void main(String[] args) throws Exception {
        int rate = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        WorkloadConfig config = Scenarios.config(Scenarios.byName("cart-service"), Map.of(), 10_000, CARRIERS,
                SchedulerKind.POOL, ThreadKind.VIRTUAL);
        RunRecording r = RunRecording.forThisJvm(config);
        RunRecorder recorder = new RunRecorder(r);
        List<Witness> witnesses = new ArrayList<>();
        List<PinnedEvent> pins = List.of();
        long origin = r.origin();
        recorder.runStarted(System.nanoTime());
        for (int c = 0; c < CARRIERS; c++) {
            recorder.carrierAdded(c, "c" + c, origin);
        }
        LiveCauses live = LiveCauses.start(r, List.of(LiveCauses.source(from -> pins.subList(Math.min(from, pins.size()),
                pins.size()), from -> since(witnesses, from))),
                "live-causes-bench");
        Thread passes = findThread("live-causes-bench");
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long cpuBefore = mx.getThreadCpuTime(passes.threadId());
        long periodNanos = TimeUnit.SECONDS.toNanos(1) / Math.max(1, rate / CARRIERS);   // per carrier
        long end = origin + TimeUnit.SECONDS.toNanos(seconds);
        long mounts = 0;
        int vt = 0;
        long next = System.nanoTime();
        List<Witness> batch = new ArrayList<>();
        long[] lastEnd = new long[CARRIERS];
        while (next < end) {
            LockSupport.parkNanos(next - System.nanoTime());
            long now = System.nanoTime();
            // one held mount on each carrier, the last period's, ending now: its sampled stack and (every other) its read
            for (int c = 0; c < CARRIERS; c++) {
                // a late feeder catches up in a burst: a carrier's mounts never overlap
                long start = Math.max(now - periodNanos * 3 / 4, lastEnd[c] + 1_000);
                if (start >= now - 20_000) {
                    continue;
                }
                lastEnd[c] = now;
                int thread = vt++ % config.threads();
                recorder.submitted(thread, start);
                recorder.mountStarted(c, thread, start, start);
                recorder.mountEnded(c, thread, now, 2_000_000);
                long s = start - origin;
                long e = now - origin;
                batch.add(Witness.heldStack(s + (e - s) / 4, s + (e - s) / 2, "c" + c, Thread.State.RUNNABLE, true, READ));
                if (mounts % 2 == 0) {
                    batch.add(new Witness(Witness.Kind.FILE_READ, s + (e - s) / 4, (e - s) / 2, "/data/x", READ));
                }
                mounts++;
            }
            synchronized (witnesses) {
                witnesses.addAll(batch);
            }
            batch.clear();
            next += periodNanos;
        }
        Thread.sleep(LiveCauses.SETTLE_NANOS / 1_000_000 + 500);
        long cpu = mx.getThreadCpuTime(passes.threadId()) - cpuBefore;
        if (live.failure() != null) {
            live.failure().printStackTrace();
        }
        long elapsed = System.nanoTime() - origin;
        live.close();
        long classed = 0;
        long held = 0;
        for (CarrierLog log : r.carriers()) {
            for (int i = 0; i < log.size(); i++) {
                classed += log.mountClass(i) == MountClass.CAPTURED ? 1 : 0;
                held += log.held(i) ? 1 : 0;
                if (System.getProperty("bench.debug") != null && log.mountClass(i) == MountClass.UNSURE && classed % 50 == 0) {
                    long st = log.start(i);
                    long en = log.end(i);
                    String name = log.name();
                    System.out.println("unsure " + name + " " + st + ".." + en + " witnesses " + witnesses.stream()
                            .filter(w -> name.equals(w.heldCarrier()) && w.end() >= st - 5_000_000 && w.end() <= en + 5_000_000)
                            .map(w -> w.start() + ".." + w.end()).toList());
                }
            }
        }
        System.out.printf(Locale.ROOT, "%,d held mounts in %.1f s (%,.0f a second): %,d captured live, %,d still held;"
                + " live classing took %.1f ms of CPU a second: %.2f %% of one core (%d passes)%n", mounts, elapsed / 1e9,
                mounts / (elapsed / 1e9), classed, held, cpu / 1e6 / (elapsed / 1e9), 100.0 * cpu / elapsed, live.passes());
    }

    private static List<Witness> since(List<Witness> witnesses, int from) {
        synchronized (witnesses) {
            return List.copyOf(witnesses.subList(Math.min(from, witnesses.size()), witnesses.size()));
        }
    }

    private static Thread findThread(String name) {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals(name)) {
                return t;
            }
        }
        throw new IllegalStateException("no thread " + name);
    }
}
