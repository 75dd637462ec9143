package loomscope.agent;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The target's side of one session: {@link AgentWire} lines to a {@link StreamEnd} (a connection the target opens to
 * LoomScope's loopback port or Unix-domain socket; one LoomScope opened to a listening agent, over TLS; or a file,
 * {@code save=FILE}), written by one platform
 * thread that drains the carriers' rings every {@value #FLUSH_MILLIS} ms, and, for a connection, one that waits for
 * LoomScope's {@code stop} (or the connection's end).
 */
final class EpisodeStream implements CarrierRecorder.Sink {
    static final long FLUSH_MILLIS = 10;
    private static final long HEARTBEAT_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    private final StreamEnd end;
    private final OutputStream out;
    private final long origin;
    /** Episodes past this many are counted, not written (a file's bound; a connection has none). */
    private final long keepAtMost;
    /** What this session may hold of the target's heap ({@link AgentBudget}). */
    private final long budget = AgentBudget.total();
    /** A drain of at least this many episodes (a quarter of a ring) is followed by another without a pause. */
    private final int busyEpisodes = AgentBudget.ringCapacity(budget, Runtime.getRuntime().availableProcessors()) / 4;
    private Runnable onStop;
    private final LineBuffer pending = new LineBuffer();
    /**
     * Dense indices by thread id: ids, not threads, so that a finished thread is not kept alive by the session; a
     * table of bounded size, which forgets when full (a server starting a thread a request meets new ids forever).
     */
    private final ThreadIndex vtIndex = new ThreadIndex(AgentBudget.threadSlots(budget));
    /** The JFR tap's lines for the drain: bounded, as the drain may be held up by a reader that stopped reading. */
    private final ConcurrentLinkedQueue<String> extraLines = new ConcurrentLinkedQueue<>();
    /** The bytes {@link #extraLines} holds (its lines' length and overhead), at most {@link AgentBudget#queuedBytes}. */
    private final AtomicLong extraBytes = new AtomicLong();
    private final long extraBytesAtMost = AgentBudget.queuedBytes(budget);
    /** Lines of the JFR tap not queued because the queue was full (a drain held up): counted, said at the end. */
    private final AtomicLong extraLinesLost = new AtomicLong();
    private int carriersAnnounced;
    private long[] droppedSent = new long[0];
    /** The dropped count of each carrier's last {@code D} line: what the stream told, which its end repeats. */
    private long[] droppedTold = new long[0];
    /**
     * Each carrier's dropped and doubled counts when this session started: its recorder lives as long as the agent,
     * and what an earlier session dropped is not this one's.
     */
    private long[] droppedBefore = new long[0];
    private long[] doubledBefore = new long[0];
    private long kept;
    private long notKept;
    private Thread writer;
    private volatile boolean closing;
    private volatile boolean broken;
    /** A write can take this long only when the reader stopped reading. */
    static final long STALLED_MILLIS = 1_000;
    /** Writes completed, and whether the writer is inside one: how {@link #finish} tells a stuck writer from a busy one. */
    private volatile long writes;
    private volatile boolean writerBlocked;
    /** Open but for a stream whose hello waits for the hooks ({@link #release}). */
    private CountDownLatch held = new CountDownLatch(0);
    /** What the end line says: the hooks were taken out, or the target is exiting. */
    private volatile String endReason = "detached";

    EpisodeStream(StreamEnd end, long origin, long keepAtMost) {
        this.end = end;
        this.out = end.out();
        this.origin = origin;
        this.keepAtMost = keepAtMost;
    }

    /** Sends the token and the hello lines on a connection to LoomScope ({@link ConnectionEnd#open}). */
    static EpisodeStream connect(SocketChannel channel, String token) throws IOException {
        EpisodeStream stream = new EpisodeStream(new ConnectionEnd(channel), System.nanoTime(), Long.MAX_VALUE);
        stream.pending.put(token).put('\n');
        stream.writePending();   // at once: LoomScope's port gives the token a few seconds, the hooks may take longer
        // the hello waits for the writer (once the hooks are in) or is dropped by a refusal: LoomScope takes a hello as
        // "recording", and a refusal right behind it was raced by its wait for the hello (seen: an attach to a JVM
        // busy with save= taken as a session)
        stream.helloAt = stream.pending.length();
        stream.hello();
        return stream;
    }

    /** Where a connection's hello begins in {@link #pending} while it is not sent yet, else -1. */
    private int helloAt = -1;

    /**
     * Sends the hello lines on a connection LoomScope opened to a listening agent ({@link AgentListener}): it sent the
     * token, so none goes back.
     */
    static EpisodeStream over(StreamEnd connection) throws IOException {
        EpisodeStream stream = new EpisodeStream(connection, System.nanoTime(), Long.MAX_VALUE);
        stream.held = new CountDownLatch(1);
        stream.hello();
        return stream;
    }

    /**
     * Lets the writer send the hello of a stream {@link #over} made, once the hooks are in: LoomScope takes the hello
     * as "recording" (a local attach's hello comes after the JDK's load returned, the hooks in), and a round of the
     * application's begun then must be recorded whole.
     */
    void release() {
        held.countDown();
    }

    /** Writes the hello lines into {@code file} (created beside its final name, which it takes at the end). */
    static EpisodeStream toFile(SaveFile file) throws IOException {
        EpisodeStream stream = new EpisodeStream(file, System.nanoTime(), SaveFile.KEEP_AT_MOST);
        stream.hello();
        return stream;
    }

    private void hello() throws IOException {
        pending.put(AgentWire.HELLO).put(' ').put(AgentWire.VERSION).put(' ')
                .put(AgentWire.oneLine(Runtime.version().toString())).put('\n')
                .put('O').put(' ').put(origin).put('\n')
                .put('I').put(' ').put(ProcessHandle.current().pid()).put(' ')
                .put(AgentWire.oneLine(mainClass())).put('\n');
        if (held.getCount() == 0 && helloAt < 0) {
            writePending();
        }   // else the writer sends it once released, or a refusal drops it
    }

    long origin() { return origin; }

    /** The launcher's name for the main class or jar (first word of sun.java.command), or "". */
    private static String mainClass() {
        String command = System.getProperty("sun.java.command", "").strip();
        int space = command.indexOf(' ');
        return space < 0 ? command : command.substring(0, space);
    }

    /** A refusal: one line and the end; nothing in the target was changed. */
    void refuse(String why) {
        if (end instanceof SaveFile file) {
            file.discard(why);
            return;
        }
        if (helloAt >= 0) {
            pending.truncate(helloAt);   // the token alone, then the refusal: no hello that says "recording"
        }
        pending.put('F').put(' ').put(AgentWire.oneLine(why)).put('\n').put('Z').put('\n');
        try {
            writePending();
        } catch (IOException e) {
            // LoomScope is gone: nobody to tell
        }
        close();
    }

    /**
     * Starts writing (what was queued before is not this session's) and listening for {@code stop}, which runs
     * {@code onStop} (null: a file, which nobody stops).
     */
    void start(Runnable onStop) {
        this.onStop = onStop;
        List<CarrierRecorder> known = Hooks.carriers();
        int lanes = 0;
        for (CarrierRecorder r : known) {
            lanes = Math.max(lanes, r.index + 1);
        }
        droppedBefore = new long[lanes];
        doubledBefore = new long[lanes];
        for (CarrierRecorder r : known) {
            r.skipQueued();
            droppedBefore[r.index] = r.dropped();
            doubledBefore[r.index] = r.doubled();
        }
        writer = AgentThreads.start("loomscope-agent-stream", this::drainLoop);
        CarrierRecorder.drainer = writer;   // a carrier's wake-up is a hint: none in the moment before this is no loss
        if (onStop != null && end.takesCommands()) {
            AgentThreads.start("loomscope-agent-commands", () -> awaitStop(onStop));
        }
    }

    /** A line from another source (the JFR tap), written in order with the episodes; counted and let go when full. */
    void send(String line) {
        long size = line.length() + AgentBudget.QUEUED_LINE_OVERHEAD;
        if (extraBytes.addAndGet(size) > extraBytesAtMost) {
            extraBytes.addAndGet(-size);
            extraLinesLost.incrementAndGet();
            return;
        }
        extraLines.offer(line);
    }

    /** The ring size the carriers of this session make (before the hooks go in). */
    int ringCapacity() {
        return busyEpisodes * 4;
    }

    /** Drains what is left, sends the end line with {@code reason}, closes; waits at most {@code millis} for the writer. */
    void finish(long millis, String reason) {
        endReason = reason;
        closing = true;
        held.countDown();
        CarrierRecorder.drainer = null;
        Thread w = writer;
        if (w != null) {
            LockSupport.unpark(w);
            awaitWriter(w, millis);
        }
        close();
    }

    /**
     * Waits for the writer to send the rest, up to {@code millis}, but not while it makes no progress: a writer blocked
     * for {@value #STALLED_MILLIS} ms on a LoomScope that stopped reading (Ctrl+Z) held an exiting application for the
     * whole 5 s; a busy one, short of CPU, is still given them.
     */
    private void awaitWriter(Thread w, long millis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        long lastWrites = writes;
        long lastProgress = System.nanoTime();
        try {
            while (w.isAlive() && System.nanoTime() < deadline) {
                w.join(50);
                long now = System.nanoTime();
                if (writes != lastWrites || !writerBlocked) {
                    lastWrites = writes;
                    lastProgress = now;
                } else if (now - lastProgress >= TimeUnit.MILLISECONDS.toNanos(STALLED_MILLIS)) {
                    return;   // stuck in one write: closing the end below lets it go
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    boolean isBroken() { return broken; }

    private void awaitStop(Runnable onStop) {
        try {
            // not closed here: closing a socket's input closes the socket, and the end line is still to be sent
            BufferedReader in = new BufferedReader(new InputStreamReader(end.commands(), StandardCharsets.UTF_8));
            String line;
            while ((line = in.readLine()) != null && !line.equals(AgentWire.STOP)) {
                // nothing else is asked of the agent
            }
        } catch (IOException e) {
            // the connection ended: the same as stop
        }
        if (!closing) {
            onStop.run();
        }
    }

    private void drainLoop() {
        try {
            held.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();   // nobody interrupts the agent's threads: go on, hello and all
        }
        long lastWrite = System.nanoTime();
        try {
            if (pending.length() > 0) {
                writePending();   // the hello a held stream kept
            }
            while (true) {
                boolean last = closing;   // read before draining: everything published before the hooks left is sent
                int drained = drainOnce();
                boolean wrote = drained != 0;
                long now = System.nanoTime();
                if (!wrote && now - lastWrite >= HEARTBEAT_NANOS) {
                    pending.put('H').put(' ').put(now - origin).put('\n');
                    wrote = true;
                }
                if (last) {
                    if (notKept > 0) {
                        pending.put('K').put(' ').put(notKept).put('\n');
                    }
                    long lost = extraLinesLost.get();
                    if (lost > 0) {
                        // JFR's lines past the queue's bytes: a note LoomScope keeps with the stream (a saved file too)
                        pending.put("N jfr-lines-dropped ").put(lost).put(" of JFR's lines were dropped: the agent's "
                                + "queue for them was full").put('\n');
                    }
                    pending.put('Z').put(' ').put(endReason).put('\n');
                    writePending();
                    // the drops the stream told, not a later count: carriers may drop more until the hooks are out
                    end.completed(kept, notKept, Arrays.stream(droppedTold).sum());
                    return;
                }
                if (wrote) {
                    writePending();
                    lastWrite = now;
                }
                // a busy target is drained every millisecond, and a carrier whose ring is half full wakes the drain at
                // once; draining without any pause cost the carrier more than the drops it saved (docs/performance.md)
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(drained >= busyEpisodes ? 1 : FLUSH_MILLIS));
            }
        } catch (IOException | RuntimeException | OutOfMemoryError e) {
            // a bug of ours or a target's heap too full for the thread table to grow: ended as a failed write is,
            // never a drain thread gone silently with the hooks left in and every ring dropping
            broken = true;
            end.failed(e instanceof IOException io ? io : new IOException("the agent's stream failed: " + e, e));
            if (onStop != null && !end.takesCommands() && !closing) {
                // a file that cannot be written (a full disk): nothing records any more, so the hooks go too; not on
                // this thread, which the stop waits for
                AgentThreads.start("loomscope-agent-stop", onStop);
            }
        }
    }

    /** Episodes drained, or -1 when only other lines were written; 0 when nothing was. */
    private int drainOnce() throws IOException {
        List<CarrierRecorder> carriers = Hooks.carriers();
        // a carrier's first mount adds it at any time: this drain takes those there now (the next takes the others)
        int count = carriers.size();
        boolean wrote = false;
        int episodes = 0;
        for (; carriersAnnounced < count; carriersAnnounced++) {
            CarrierRecorder r = carriers.get(carriersAnnounced);
            pending.put('C').put(' ').put(r.index).put(' ').put(r.seenAt - origin).put(' ')
                    .put(AgentWire.name(r.carrier.getName())).put('\n');
            wrote = true;
        }
        for (int i = 0; i < count; i++) {
            CarrierRecorder r = carriers.get(i);
            if (r.index >= droppedSent.length) {
                // two carriers' first mounts at once may join the list out of their index order
                droppedSent = Arrays.copyOf(droppedSent, Math.max(r.index + 1, droppedSent.length * 2));
                droppedTold = Arrays.copyOf(droppedTold, droppedSent.length);
            }
            int n = r.drain(this);
            episodes += n;
            wrote |= n > 0;
            long dropped = droppedInSession(r);
            long doubled = r.doubled() - before(doubledBefore, r.index);
            if (dropped + doubled != droppedSent[r.index]) {
                droppedSent[r.index] = dropped + doubled;
                droppedTold[r.index] = dropped;
                pending.put('D').put(' ').put(r.index).put(' ').put(dropped).put(' ').put(doubled).put('\n');
                wrote = true;
            }
            if (pending.length() >= 1 << 15) {
                writePending();
            }
        }
        String line;
        while ((line = extraLines.poll()) != null) {
            extraBytes.addAndGet(-(line.length() + AgentBudget.QUEUED_LINE_OVERHEAD));
            pending.put(line).put('\n');
            wrote = true;
            if (pending.length() >= 1 << 15) {
                writePending();
            }
        }
        return episodes > 0 ? episodes : wrote ? -1 : 0;
    }

    private long droppedInSession(CarrierRecorder r) {
        return r.dropped() - before(droppedBefore, r.index);
    }

    /** A carrier first seen after the session started had dropped nothing before it. */
    private static long before(long[] counts, int index) {
        return index < counts.length ? counts[index] : 0;
    }

    @Override
    public void episode(CarrierRecorder carrier, long vthreadId, String vthreadName, long start, long end,
                        long blockedValue, boolean parkedPinned) {
        int vt = vtIndex.get(vthreadId);
        if (kept == keepAtMost) {
            notKept++;   // a file's bound: counted, not written
            return;
        }
        kept++;
        if (vt == ThreadIndex.ABSENT) {
            vt = vtIndex.add(vthreadId);
            pending.put('V').put(' ').put(vt).put(' ').put(vthreadId).put(' ')
                    .put(AgentWire.name(vthreadName == null ? "" : vthreadName)).put('\n');
        }
        pending.put('M').put(' ').put(carrier.index).put(' ').put(vt).put(' ')
                .put(start - origin).put(' ').put(end - origin).put(' ').put(blockedValue).put(' ')
                .put(parkedPinned ? '1' : '0').put('\n');
    }

    private void writePending() throws IOException {
        writerBlocked = true;
        try {
            pending.writeTo(out);
        } finally {
            writerBlocked = false;
        }
        writes++;
    }

    private void close() {
        end.close();
    }
}
