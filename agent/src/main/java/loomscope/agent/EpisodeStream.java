package loomscope.agent;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The target's side of one session: a connection it opens to LoomScope's loopback port (the agent listens on
 * nothing), one platform thread that drains the carriers' rings every {@value #FLUSH_MILLIS} ms and writes
 * {@link AgentWire} lines, and one that waits for LoomScope's {@code stop} (or the connection's end).
 */
final class EpisodeStream implements CarrierRecorder.Sink {
    static final long FLUSH_MILLIS = 10;
    /** A drain of at least this many episodes (a quarter of a ring) is followed by another without a pause. */
    private static final int BUSY_EPISODES = CarrierRecorder.CAPACITY / 4;
    private static final long HEARTBEAT_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    private final Socket socket;
    private final OutputStream out;
    private final long origin;
    private final LineBuffer pending = new LineBuffer();
    /** Dense indices by thread id: ids, not threads, so that a finished thread is not kept alive by the session. */
    private final Map<Long, Integer> vtIndex = new HashMap<>();
    private final ConcurrentLinkedQueue<String> extraLines = new ConcurrentLinkedQueue<>();
    private int carriersAnnounced;
    private long[] droppedSent = new long[0];
    private Thread writer;
    private volatile boolean closing;
    private volatile boolean broken;
    /** What the end line says: the hooks were taken out, or the target is exiting. */
    private volatile String endReason = "detached";

    private EpisodeStream(Socket socket, long origin) throws IOException {
        this.socket = socket;
        this.out = socket.getOutputStream();
        this.origin = origin;
    }

    /** Connects to LoomScope and sends the token and the hello line. */
    static EpisodeStream connect(int port, String token) throws IOException {
        Socket socket = new Socket(InetAddress.getByAddress("localhost", new byte[] {127, 0, 0, 1}), port);
        socket.setTcpNoDelay(true);
        EpisodeStream stream = new EpisodeStream(socket, System.nanoTime());
        stream.pending.put(token).put('\n')
                .put(AgentWire.HELLO).put(' ').put(AgentWire.VERSION).put(' ')
                .put(AgentWire.oneLine(Runtime.version().toString())).put('\n')
                .put('O').put(' ').put(stream.origin).put('\n')
                .put('I').put(' ').put(ProcessHandle.current().pid()).put(' ')
                .put(AgentWire.oneLine(mainClass())).put('\n');
        stream.writePending();
        return stream;
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
        pending.put('F').put(' ').put(AgentWire.oneLine(why)).put('\n').put('Z').put('\n');
        try {
            writePending();
        } catch (IOException e) {
            // LoomScope is gone: nobody to tell
        }
        close();
    }

    /** Starts writing (what was queued before is not this session's) and listening for {@code stop}. */
    void start(Runnable onStop) {
        for (CarrierRecorder r : Hooks.carriers()) {
            r.skipQueued();
        }
        writer = new Thread(this::drainLoop, "loomscope-agent-stream");
        writer.setDaemon(true);
        CarrierRecorder.drainer = writer;
        writer.start();
        Thread commands = new Thread(() -> awaitStop(onStop), "loomscope-agent-commands");
        commands.setDaemon(true);
        commands.start();
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
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
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
                    pending.put('Z').put(' ').put(endReason).put('\n');
                    writePending();
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
        } catch (IOException e) {
            broken = true;
        }
    }

    /** Episodes drained, or -1 when only other lines were written; 0 when nothing was. */
    private int drainOnce() throws IOException {
        List<CarrierRecorder> carriers = Hooks.carriers();
        boolean wrote = false;
        int episodes = 0;
        for (; carriersAnnounced < carriers.size(); carriersAnnounced++) {
            CarrierRecorder r = carriers.get(carriersAnnounced);
            pending.put('C').put(' ').put(r.index).put(' ').put(r.seenAt - origin).put(' ')
                    .put(AgentWire.oneLine(r.carrier.getName())).put('\n');
            wrote = true;
        }
        if (droppedSent.length < carriers.size()) {
            droppedSent = java.util.Arrays.copyOf(droppedSent, carriers.size());
        }
        for (CarrierRecorder r : carriers) {
            int n = r.drain(this);
            episodes += n;
            wrote |= n > 0;
            long dropped = r.dropped() + r.doubled();
            if (dropped != droppedSent[r.index]) {
                droppedSent[r.index] = dropped;
                pending.put('D').put(' ').put(r.index).put(' ').put(r.dropped()).put(' ')
                        .put(r.doubled()).put('\n');
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

    @Override
    public void episode(CarrierRecorder carrier, Thread vthread, long start, long end, long blockedValue,
                        boolean parkedPinned) {
        Integer vt = vtIndex.get(vthread.threadId());
        if (vt == null) {
            vt = vtIndex.size();
            vtIndex.put(vthread.threadId(), vt);
            pending.put('V').put(' ').put(vt).put(' ').put(vthread.threadId()).put(' ')
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
        try {
            socket.close();
        } catch (IOException e) {
            // closing on the way out
        }
    }
}
