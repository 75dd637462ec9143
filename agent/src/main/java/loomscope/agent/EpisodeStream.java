package loomscope.agent;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The target's side of one session: {@link AgentWire} lines to a {@link StreamEnd} (a connection the target opens to
 * LoomScope's loopback port, the agent listening on nothing; or a file, {@code save=FILE}), written by one platform
 * thread that drains the carriers' rings every {@value #FLUSH_MILLIS} ms, and, for a connection, one that waits for
 * LoomScope's {@code stop} (or the connection's end).
 */
final class EpisodeStream implements CarrierRecorder.Sink {
    static final long FLUSH_MILLIS = 10;
    /** A drain of at least this many episodes (a quarter of a ring) is followed by another without a pause. */
    private static final int BUSY_EPISODES = CarrierRecorder.CAPACITY / 4;
    private static final long HEARTBEAT_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    private final StreamEnd end;
    private final OutputStream out;
    private final long origin;
    /** Episodes past this many are counted, not written (a file's bound; a connection has none). */
    private final long keepAtMost;
    /**
     * Virtual threads this session names at most: the map from their ids lives in the target's heap (24 to 48
     * bytes a thread), and a server that starts one a request would grow it for as long as it is recorded.
     */
    static final int MAX_THREADS = 1_000_000;
    private Runnable onStop;
    private final LineBuffer pending = new LineBuffer();
    /** Dense indices by thread id: ids, not threads, so that a finished thread is not kept alive by the session. */
    private final ThreadIndex vtIndex = new ThreadIndex();
    private final ConcurrentLinkedQueue<String> extraLines = new ConcurrentLinkedQueue<>();
    private int carriersAnnounced;
    private long[] droppedSent = new long[0];
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
    /** What the end line says: the hooks were taken out, or the target is exiting. */
    private volatile String endReason = "detached";

    EpisodeStream(StreamEnd end, long origin, long keepAtMost) {
        this.end = end;
        this.out = end.out();
        this.origin = origin;
        this.keepAtMost = keepAtMost;
    }

    /** Connects to LoomScope and sends the token and the hello lines. */
    static EpisodeStream connect(int port, String token) throws IOException {
        Socket socket = new Socket(InetAddress.getByAddress("localhost", new byte[] {127, 0, 0, 1}), port);
        socket.setTcpNoDelay(true);
        EpisodeStream stream = new EpisodeStream(new LoopbackEnd(socket), System.nanoTime(), Long.MAX_VALUE);
        stream.pending.put(token).put('\n');
        stream.hello();
        return stream;
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
        writePending();
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
        writer = new Thread(this::drainLoop, "loomscope-agent-stream");
        writer.setDaemon(true);
        CarrierRecorder.drainer = writer;
        writer.start();
        if (onStop != null && end.takesCommands()) {
            Thread commands = new Thread(() -> awaitStop(onStop), "loomscope-agent-commands");
            commands.setDaemon(true);
            commands.start();
        }
    }

    /** A line from another source (the JFR tap), written in order with the episodes. */
    void send(String line) {
        extraLines.add(line);
    }

    /** Drains what is left, sends the end line with {@code reason}, closes; waits at most {@code millis} for the writer. */
    void finish(long millis, String reason) {
        endReason = reason;
        closing = true;
        CarrierRecorder.drainer = null;
        Thread w = writer;
        if (w != null) {
            LockSupport.unpark(w);
            try {
                w.join(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        close();
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
        long lastWrite = System.nanoTime();
        try {
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
                    pending.put('Z').put(' ').put(endReason).put('\n');
                    writePending();
                    end.completed(kept, notKept, droppedSoFar());
                    return;
                }
                if (wrote) {
                    writePending();
                    lastWrite = now;
                }
                // a busy target is drained every millisecond, and a carrier whose ring is half full wakes the drain at
                // once; draining without any pause cost the carrier more than the drops it saved (docs/performance.md)
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(drained >= BUSY_EPISODES ? 1 : FLUSH_MILLIS));
            }
        } catch (IOException | RuntimeException | OutOfMemoryError e) {
            // a bug of ours or a target's heap too full for the thread table to grow: ended as a failed write is,
            // never a drain thread gone silently with the hooks left in and every ring dropping
            broken = true;
            end.failed(e instanceof IOException io ? io : new IOException("the agent's stream failed: " + e, e));
            if (onStop != null && !end.takesCommands() && !closing) {
                // a file that cannot be written (a full disk): nothing records any more, so the hooks go too; not on
                // this thread, which the stop waits for
                Thread stop = new Thread(onStop, "loomscope-agent-stop");
                stop.setDaemon(true);
                stop.start();
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
                    .put(AgentWire.oneLine(r.carrier.getName())).put('\n');
            wrote = true;
        }
        for (int i = 0; i < count; i++) {
            CarrierRecorder r = carriers.get(i);
            if (r.index >= droppedSent.length) {
                // two carriers' first mounts at once may join the list out of their index order
                droppedSent = java.util.Arrays.copyOf(droppedSent, Math.max(r.index + 1, droppedSent.length * 2));
            }
            int n = r.drain(this);
            episodes += n;
            wrote |= n > 0;
            long dropped = droppedInSession(r);
            long doubled = r.doubled() - before(doubledBefore, r.index);
            if (dropped + doubled != droppedSent[r.index]) {
                droppedSent[r.index] = dropped + doubled;
                pending.put('D').put(' ').put(r.index).put(' ').put(dropped).put(' ').put(doubled).put('\n');
                wrote = true;
            }
            if (pending.length() >= 1 << 15) {
                writePending();
            }
        }
        String line;
        while ((line = extraLines.poll()) != null) {
            pending.put(line).put('\n');
            wrote = true;
        }
        return episodes > 0 ? episodes : wrote ? -1 : 0;
    }

    /** Episodes the carriers' full rings dropped in this session so far, all carriers. */
    private long droppedSoFar() {
        long dropped = 0;
        for (CarrierRecorder r : Hooks.carriers()) {
            dropped += droppedInSession(r);
        }
        return dropped;
    }

    private long droppedInSession(CarrierRecorder r) {
        return r.dropped() - before(droppedBefore, r.index);
    }

    /** A carrier first seen after the session started had dropped nothing before it. */
    private static long before(long[] counts, int index) {
        return index < counts.length ? counts[index] : 0;
    }

    @Override
    public void episode(CarrierRecorder carrier, Thread vthread, long start, long end, long blockedValue,
                        boolean parkedPinned) {
        long vthreadId = vthread.threadId();
        int vt = vtIndex.get(vthreadId);
        if (kept == keepAtMost || vt == ThreadIndex.ABSENT && vtIndex.size() == MAX_THREADS) {
            notKept++;   // the bounds of what the target's heap holds for us: counted, not sent
            return;
        }
        kept++;
        if (vt == ThreadIndex.ABSENT) {
            vt = vtIndex.add(vthreadId);
            pending.put('V').put(' ').put(vt).put(' ').put(vthreadId).put(' ')
                    .put(AgentWire.oneLine(vthread.getName())).put('\n');
        }
        pending.put('M').put(' ').put(carrier.index).put(' ').put(vt).put(' ')
                .put(start - origin).put(' ').put(end - origin).put(' ').put(blockedValue).put(' ')
                .put(parkedPinned ? '1' : '0').put('\n');
    }

    private void writePending() throws IOException {
        pending.writeTo(out);
    }

    private void close() {
        end.close();
    }
}
