package loomscope.runs;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

import loomscope.clock.HeldSampler;
import loomscope.probe.RunMounts;
import loomscope.workload.WorkloadRun;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import loomscope.workload.Phase;
import loomscope.workload.RunObserver;

/**
 * The child's side of the stream: a RunObserver that never blocks the workload. Carriers and tasks only
 * append to a lock-free queue (on JDK 21 a monitor or a full pipe here would pin or stall the very carriers
 * we measure); one platform thread formats, writes and flushes every {@value #FLUSH_MILLIS} ms, which is live
 * enough for a 60 Hz animation, and sends a heartbeat when there is nothing else to say.
 */
final class EventStreamer implements RunObserver {

    static final long FLUSH_MILLIS = 15;
    private static final long HEARTBEAT_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    private final ConcurrentLinkedQueue<Object> queue = new ConcurrentLinkedQueue<>();
    /** Written only in whole lines, so that a JVM crash report can never land inside one of ours. */
    private final OutputStream out;
    private final StringBuilder pending = new StringBuilder(1 << 16);
    private final long origin;
    private final Thread writer;
    private volatile boolean closing;
    private volatile IOException broken;
    /** Events (not probe lines or heartbeats) written so far: the run's progress, for {@link ProgressWatch}. */
    private volatile long eventsWritten;
    /** Bytes written so far: {@link #finish} waits while this grows. */
    private volatile long bytesWritten;

    /** One event; formatted on the writer thread so that the workload's threads only allocate this. */
    private record Event(char tag, int a, int b, long t1, long t2) { }

    EventStreamer(OutputStream stdout, String javaVersion) throws IOException {
        this.out = stdout;
        this.origin = System.nanoTime();
        pending.append(Wire.hello(Wire.oneLine(javaVersion))).append('\n');
        writePending();
        this.writer = new Thread(this::drainLoop, "loomscope-stream-writer");
        writer.setDaemon(true);
        writer.start();
    }

    /** Nanos since the origin: the clock every line uses. */
    long now() { return System.nanoTime() - origin; }

    long relative(long nanos) { return nanos - origin; }

    /** Sends a whole line (probe data, failure) in order with the events. */
    void sendLine(String line) { queue.add(Wire.oneLine(line)); }

    /** How many events were written so far: it stands still while the run makes no progress. */
    long eventsWritten() { return eventsWritten; }

    /** Whether the parent stopped reading (the pipe broke). */
    boolean isBroken() { return broken != null; }

    @Override public void runStarted(long nanos) { queue.add(new Event(Wire.RUN_STARTED, 0, 0, nanos, 0)); }

    @Override public void runEnded(long nanos, int completed, boolean cancelled) {
        queue.add(new Event(Wire.RUN_ENDED, completed, cancelled ? 1 : 0, nanos, 0));
    }

    /**
     * Each carrier's open mount, for the held-stack sampler ({@link #heldMounts}): written by that carrier with plain
     * ordered stores (no fence on its path), read by the sampler. Carriers past the bound are not watched.
     */
    private static final int WATCHED_CARRIERS = 4_096;
    private final AtomicIntegerArray openVt = new AtomicIntegerArray(WATCHED_CARRIERS);
    private final AtomicLongArray openStart = new AtomicLongArray(WATCHED_CARRIERS);
    private final AtomicReferenceArray<String> carrierNames = new AtomicReferenceArray<>(WATCHED_CARRIERS);
    private final AtomicInteger carriersAdded = new AtomicInteger();

    /** Carrier {@code c}'s name as its run named it, or null. */
    String carrierName(int c) {
        return c >= 0 && c < WATCHED_CARRIERS ? carrierNames.get(c) : null;
    }

    /** The run's open mounts as the held-stack sampler sees them, on the stream's clock's source (nanoTime). */
    HeldSampler.Mounts heldMounts(Supplier<WorkloadRun> run) {
        return new RunMounts() {
            @Override
            public int carriers() {
                return Math.min(WATCHED_CARRIERS, carriersAdded.get());
            }

            @Override
            protected WorkloadRun run() {
                return run.get();
            }

            @Override
            protected int openVt(int c) {
                return openVt.get(c) - 1;
            }

            @Override
            public long mountedSince(int c) {
                return openStart.get(c);
            }

            @Override
            public long now() {
                return System.nanoTime();
            }
        };
    }

    @Override public void carrierAdded(int index, String name, long nanos) {
        if (index >= 0 && index < WATCHED_CARRIERS) {
            carrierNames.set(index, name);
            carriersAdded.accumulateAndGet(index + 1, Math::max);
        }
        queue.add(Wire.CARRIER + " " + index + " " + relative(nanos) + " " + Wire.oneLine(name).replace(' ', '_'));
    }

    @Override public void taskThrew(int vt, String stack) {
        queue.add(Wire.TASK_THREW + " " + vt + " " + Wire.escape(stack));
    }

    @Override public void submitted(int vt, long nanos) { queue.add(new Event(Wire.SUBMITTED, vt, 0, nanos, 0)); }

    @Override public void mountStarted(int carrier, int vt, long submittedNanos, long nanos) {
        if (carrier >= 0 && carrier < WATCHED_CARRIERS) {
            openStart.lazySet(carrier, nanos);
            openVt.lazySet(carrier, vt + 1);   // 0: nothing mounted
        }
        queue.add(new Event(Wire.MOUNT, carrier, vt, submittedNanos, nanos));
    }

    @Override public void mountEnded(int carrier, int vt, long nanos, long blockedNanos) {
        if (carrier >= 0 && carrier < WATCHED_CARRIERS) {
            openVt.lazySet(carrier, 0);
        }
        queue.add(new Event(Wire.UNMOUNT, carrier, vt, nanos, blockedNanos));
    }

    @Override public void phase(int vt, Phase phase, long nanos) {
        queue.add(new Event(Wire.PHASE, vt, phase.ordinal(), nanos, 0));
    }

    /**
     * Sends everything queued, then the end line, and stops the writer. Waits as long as the writer keeps
     * writing, and at most {@code millis} after its last write: a large backlog is sent, a stuck parent is not
     * waited for.
     *
     * @return whether the end line was sent (false: the writer was stuck or broke, lines were left unsent)
     */
    boolean finish(long millis) throws InterruptedException {
        sendLine(String.valueOf(Wire.END));
        closing = true;
        LockSupport.unpark(writer);
        long seen = -1;
        while (writer.isAlive() && bytesWritten != seen) {
            seen = bytesWritten;
            writer.join(millis);
        }
        return !writer.isAlive() && broken == null;
    }

    /** Lines still queued (not yet formatted and written). */
    int unsentLines() { return queue.size(); }

    private void drainLoop() {
        StringBuilder line = new StringBuilder(64);
        long lastWrite = System.nanoTime();
        long events = 0;
        try {
            while (true) {
                boolean wrote = false;
                Object item;
                while ((item = queue.poll()) != null) {
                    if (item instanceof Event) {
                        events++;
                    }
                    line.setLength(0);
                    format(item, line);
                    pending.append(line).append('\n');
                    wrote = true;
                    if (pending.length() >= 1 << 15) {
                        writePending();
                        // also here: a busy run can keep the queue from ever emptying, and the watch would then see
                        // no progress (measured: a no-progress line all through a million-thread run)
                        eventsWritten = events;
                    }
                }
                eventsWritten = events;   // one volatile write a batch, not one an event (~100,000 a second)
                long now = System.nanoTime();
                if (!wrote && now - lastWrite >= HEARTBEAT_NANOS) {
                    pending.append(Wire.HEARTBEAT).append(' ').append(relative(now)).append('\n');
                    wrote = true;
                }
                if (wrote) {
                    writePending();
                    lastWrite = now;
                }
                if (closing && queue.isEmpty()) {
                    writePending();
                    return;
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(FLUSH_MILLIS));
            }
        } catch (IOException e) {
            broken = e;
        }
    }

    /** One write call of whole lines (a probe line may be long: it still goes in one piece). */
    private void writePending() throws IOException {
        if (pending.length() > 0) {
            byte[] bytes = pending.toString().getBytes(StandardCharsets.UTF_8);
            out.write(bytes);
            out.flush();
            bytesWritten += bytes.length;   // one writer thread: no lost update
            pending.setLength(0);
        }
    }

    private void format(Object item, StringBuilder line) {
        if (item instanceof String s) {
            line.append(s);
            return;
        }
        Event e = (Event) item;
        line.append(e.tag());
        switch (e.tag()) {
            case Wire.RUN_STARTED -> line.append(' ').append(relative(e.t1()));
            case Wire.RUN_ENDED -> line.append(' ').append(relative(e.t1())).append(' ').append(e.a()).append(' ').append(e.b());
            case Wire.SUBMITTED -> line.append(' ').append(e.a()).append(' ').append(relative(e.t1()));
            case Wire.MOUNT -> line.append(' ').append(e.a()).append(' ').append(e.b())
                    .append(' ').append(relative(e.t1())).append(' ').append(relative(e.t2()));
            case Wire.UNMOUNT -> line.append(' ').append(e.a()).append(' ').append(e.b()).append(' ').append(relative(e.t1()))
                    .append(' ').append(e.t2());
            case Wire.PHASE -> line.append(' ').append(e.a()).append(' ').append(e.b()).append(' ').append(relative(e.t1()));
            default -> throw new IllegalStateException("unknown event " + e.tag());
        }
    }
}
