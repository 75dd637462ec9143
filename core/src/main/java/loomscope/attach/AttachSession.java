package loomscope.attach;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import loomscope.io.LoopbackPort;
import loomscope.recording.RunSource;

/**
 * One attach to a running JVM: checked from outside first ({@link JvmList#describe}), then the agent loaded with
 * LoomScope's loopback port and a token, then the agent's connection read on a thread of its own until
 * {@link #stop()} (the hooks leave the target, which runs on) or the target's exit. The agent listens on nothing; the
 * token reaches it inside the attach request, over the target's attach socket, which only its own user can open.
 * A JVM on another host runs an agent that listens ({@code listen=}), and {@link #connect} reaches it over TLS; the
 * session is the same from its hello on.
 * A JVM in a container (its own files or loopback) gets the agent jar and LoomScope's socket in its own {@code /tmp}
 * instead ({@link TargetTmp}), removed when the session closes.
 */
public final class AttachSession implements AutoCloseable {
    /**
     * How long a whole attach may take (the JDK's attach, the agent's load, its connection back and its hello) when
     * the caller names no deadline: class loading and a retransform in a busy target take seconds.
     */
    public static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(30);
    /** How long a stop waits for the agent's end line. */
    public static final long STOP_MILLIS = 30_000;
    /**
     * How long the CLI waits for the agent to confirm its detach ({@link #stop(long)}): a real agent takes its hooks out
     * and sends the rest in well under a second (its JFR tap is given at most 1.5 s of it); past this bound the
     * connection is closed, which the agent takes as a stop, and {@code --seconds S} still ends within S and a few
     * seconds whatever the other side does (it stalls, floods, or the target is stopped).
     */
    public static final long DETACH_CONFIRM_MILLIS = 4_000;
    /** How long the reader is given to notice a closed connection. */
    private static final long READER_END_MILLIS = 1_000;

    private final JvmEntry target;
    private final AgentLink link;
    /** The listening agent's address for a session on another host ({@link #connect}); null for a local one. */
    private final HostPort remote;
    /** What this attach put into a container's /tmp, removed at {@link #close()}; null outside containers. */
    private final TargetTmp inContainer;
    private final AttachedEpisodes episodes = new AttachedEpisodes();
    private final AgentStreamReader reader = new AgentStreamReader(episodes);
    private final CountDownLatch ended = new CountDownLatch(1);
    private final CountDownLatch helloOrEnd = new CountDownLatch(1);
    private volatile AgentStreamReader.Ending ending;
    private volatile boolean stopSent;
    /** The agent did not confirm the detach within the bound a {@link #stop(long)} gave it, and the connection was closed. */
    private volatile boolean detachUnconfirmed;

    private AttachSession(JvmEntry target, AgentLink link, TargetTmp inContainer) {
        this(target, link, inContainer, null);
    }

    private AttachSession(JvmEntry target, AgentLink link, TargetTmp inContainer, HostPort remote) {
        this.target = target;
        this.link = link;
        this.inContainer = inContainer;
        this.remote = remote;
    }

    /** {@link #start(long, Path, Duration)} within {@link #DEFAULT_DEADLINE}. */
    public static AttachSession start(long pid, Path agentJar) throws IOException {
        return start(pid, agentJar, DEFAULT_DEADLINE);
    }

    /**
     * Attaches and waits until the agent says it records (its hello) or refuses, all within {@code deadline}: each step
     * (the JDK's attach, a request the target must answer before the agent is sent, the agent's load, its connection
     * back, its hello) gets what is left of it.
     *
     * @throws AttachRefusedException why not, in one line; nothing was sent to the target, or it changed nothing
     * @throws AttachFailedException  a step passed the deadline (one line: what was sent, what is known)
     */
    public static AttachSession start(long pid, Path agentJar, Duration deadline) throws IOException {
        return start(pid, agentJar, deadline, true);
    }

    /**
     * As {@link #start(long, Path, Duration)}; {@code jfr} false asks the agent to start no JFR tap in the target (JFR's
     * threads and its folder stay in a JVM once JFR has started: docs/attach.md).
     */
    public static AttachSession start(long pid, Path agentJar, Duration deadline, boolean jfr) throws IOException {
        JvmEntry target = JvmList.describe(pid);
        if (!target.attachable()) {
            throw new AttachRefusedException("pid " + pid + ": " + target.refusal());
        }
        return startChecked(target, agentJar, deadline, jfr);
    }

    /** The attach itself, after the checks from outside (the tests use it to reach a target the checks refuse). */
    static AttachSession startChecked(JvmEntry target, Path agentJar, Duration deadline) throws IOException {
        return startChecked(target, agentJar, deadline, true);
    }

    private static AttachSession startChecked(JvmEntry target, Path agentJar, Duration deadline, boolean jfr)
            throws IOException {
        boolean first = !new TargetProcess(target.pid()).holdsAnAgentJar();
        return AgentLoad.load(target, agentJar, deadline, jfrOption(jfr), (link, inContainer, end) -> {
            AttachSession session = new AttachSession(target, link, inContainer);
            session.firstAgentInTarget = first;
            session.startReading(link.in());
            session.awaitHello(end, deadline);   // closes the session (and what it put in a container) if it throws
            return session;
        });
    }

    /**
     * Connects to an agent that listens on another host ({@code listen=HOST:PORT}, or {@code attach PID --listen}), as
     * a rule through a tunnel ({@code ssh -L}, {@code kubectl port-forward}) whose near end is {@code host:port}: TLS 1.3
     * trusting only the certificate whose SHA-256 is {@code fingerprint}, then {@code token}, then the same session a
     * local attach gives. Its target is the agent's JVM: its pid is that host's ({@link #remote()}).
     *
     * @param fingerprint the SHA-256 the agent printed: 64 hex digits, colons allowed
     * @throws AttachRefusedException why not, in one line: a wrong token or fingerprint, another LoomScope connected,
     *                                nobody there, no TLS there
     * @throws AttachFailedException  no answer within {@code deadline}
     */
    public static AttachSession connect(String host, int port, String token, String fingerprint, Duration deadline)
            throws IOException {
        HostPort where = new HostPort(host, port);
        String pinned = PinnedTls.fingerprint(fingerprint);
        String checkedToken = PinnedTls.token(token);
        long end = System.nanoTime() + deadline.toNanos();
        PinnedTls.Opened opened = PinnedTls.open(where, checkedToken, pinned, end);
        AttachSession session = new AttachSession(new JvmEntry(-1, "", "unknown", null),
                new AgentLink.OverSocket(opened.socket()), null, where);
        session.episodes.onAnotherHost();
        session.episodes.reachedBy(RunSource.Reached.CONNECTED, where.toString());   // its origin is on that host's clock: the side-by-side axis needs to know
        // the first line was read to tell a refusal from the hello: the reader is given it again
        session.startReading(new SequenceInputStream(new ByteArrayInputStream(
                (opened.firstLine() + "\n").getBytes(StandardCharsets.UTF_8)), opened.socket().getInputStream()));
        session.awaitHello(end, deadline);
        return session;
    }

    /**
     * The line that explains, once, what the target's JVM printed on its own output when this attach put the agent's
     * jar on its boot class path (the first LoomScope agent in it), else null: LoomScope cannot keep the JVM from
     * printing it, and a user reading the application's log asks what it means.
     */
    public String bootPathNote() {
        return firstAgentInTarget ? BOOT_PATH_NOTE : null;
    }

    public static final String BOOT_PATH_NOTE = "Note: the target's JVM printed \"Sharing is only supported for boot "
            + "loader classes because bootstrap classpath has been appended\" on its own output, once: the agent's jar "
            + "joined its boot class path (the hooks in VirtualThread can call only classes there), so class data "
            + "sharing (CDS) is off for the classes it loads from now on; the JDK's own stay shared, and a later attach "
            + "adds nothing.";

    /** Whether this attach brought the first LoomScope agent jar into its (local) target. */
    private boolean firstAgentInTarget;

    /** The listening agent's address for a session on another host ({@link #connect}), else null. */
    public HostPort remote() { return remote; }

    static long millisLeft(long endNanos) {
        return TimeUnit.NANOSECONDS.toMillis(endNanos - System.nanoTime());
    }

    static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }

    /**
     * The other way in: LoomScope listens first, and the application is started with the agent on its command line
     * ({@link Waiting#javaagentFlag()}), so that it is recorded from its start to its exit.
     */
    public static Waiting listen(Path agentJar) throws IOException {
        return listen(agentJar, true);
    }

    /** As {@link #listen(Path)}; {@code jfr} false puts {@code jfr=off} in the flag. */
    public static Waiting listen(Path agentJar, boolean jfr) throws IOException {
        return new Waiting(LoopbackPort.listen(), agentJar, jfrOption(jfr));
    }

    static String jfrOption(boolean jfr) {
        return jfr ? "" : ",jfr=off";
    }

    /** A port waiting for an application started with {@code -javaagent}. */
    public static final class Waiting implements AutoCloseable {
        private final LoopbackPort port;
        private final Path agentJar;
        private final String moreOptions;

        private Waiting(LoopbackPort port, Path agentJar, String moreOptions) {
            this.port = port;
            this.agentJar = agentJar;
            this.moreOptions = moreOptions;
        }

        /**
         * The flag to start the application with. It holds the token: a command line can be read by every user of the
         * machine, so it is good for one connection only, and only until the application makes it (docs/attach.md).
         */
        public String javaagentFlag() {
            return "-javaagent:" + agentJar + "=port=" + port.port() + ",token=" + port.token() + moreOptions;
        }

        /** Waits up to {@code millis} for the application's agent; null if none came. */
        public AttachSession awaitAgent(long millis) throws IOException {
            Socket socket = port.accept(millis);
            if (socket == null) {
                return null;
            }
            AttachSession session = new AttachSession(new JvmEntry(-1, "", "unknown", null),
                    new AgentLink.OverSocket(socket), null);
            session.episodes.reachedBy(RunSource.Reached.STARTED_WITH_AGENT, null);
            session.startReading(session.link.in());
            session.awaitHello();
            return session;
        }

        /** Stops waiting from another thread (Ctrl+C): a wait in {@link #awaitAgent} then throws. */
        public void stopWaiting() {
            port.close();
        }

        @Override
        public void close() {
            port.close();
        }
    }

    private void startReading(InputStream in) {
        Thread t = new Thread(() -> {
            try {
                ending = reader.read(in);
            } finally {
                helloOrEnd.countDown();
                ended.countDown();
            }
        }, "loomscope-attach-reader");
        t.setDaemon(true);
        t.start();
    }

    private void awaitHello() {
        awaitHello(System.nanoTime() + DEFAULT_DEADLINE.toNanos(), DEFAULT_DEADLINE);
    }

    private void awaitHello(long end, Duration deadline) {
        try {
            while (!reader.helloSeen() && ended.getCount() > 0 && System.nanoTime() < end) {
                helloOrEnd.await(20, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (ending instanceof AgentStreamReader.Ending.Refused r) {
            close();
            throw new AttachRefusedException(whose() + "the agent refused: " + r.why());
        }
        if (!reader.helloSeen()) {
            close();
            if (ended.getCount() == 0) {
                throw new AttachFailedException(whose() + "the agent connected and the connection ended before its hello"
                        + " (no reason was sent)");
            }
            throw new AttachFailedException(whose() + "the agent connected but did not say hello within "
                    + seconds(deadline) + " of the attach's start; the connection is closed, which the agent takes as"
                    + " a stop");
        }
    }

    /** The target: as listed before the attach, or as its agent told it (a {@code -javaagent} start). */
    public JvmEntry target() {
        if (target.pid() >= 0) {
            return target;
        }
        return new JvmEntry(episodes.targetPid(), episodes.targetMainClass(), episodes.javaVersion(), null);
    }

    public AttachedEpisodes episodes() { return episodes; }

    private String whose() {
        return remote != null ? remote + ": " : target.pid() >= 0 ? "pid " + target.pid() + ": " : "";
    }

    /** Waits up to {@code millis} for the stream to end (the target exited, or after {@link #stop()}). */
    public boolean awaitEnd(long millis) throws InterruptedException {
        return ended.await(millis, TimeUnit.MILLISECONDS);
    }

    /** Asks the agent to take its hooks out and send the rest; waits for its end line. Returns how it ended. */
    public AgentStreamReader.Ending stop() {
        return stop(STOP_MILLIS);
    }

    /**
     * As {@link #stop()}, waiting at most {@code millis} for the end line: past it the connection is closed (the agent
     * takes that as a stop; what arrived is kept), {@link #detachUnconfirmed()} says so, and the reader is given a
     * moment to let go.
     */
    public AgentStreamReader.Ending stop(long millis) {
        sendStop();
        try {
            if (!ended.await(millis, TimeUnit.MILLISECONDS)) {
                detachUnconfirmed = true;
                link.close();
                ended.await(READER_END_MILLIS, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return ending;
    }

    /** Whether the agent did not confirm its detach within a {@link #stop(long)}'s bound (the connection was closed). */
    public boolean detachUnconfirmed() { return detachUnconfirmed; }

    private void sendStop() {
        if (!stopSent && ended.getCount() > 0) {
            stopSent = true;
            try {
                OutputStream out = link.out();
                out.write((AgentStreamReader.STOP + "\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
            } catch (IOException e) {
                // the target is gone: its end is what the reader saw
            }
        }
    }

    /** How the stream ended, or null while it runs. */
    public AgentStreamReader.Ending ending() { return ending; }

    /** Whether the agent sent its end line after taking its hooks out: detached, nothing lost, the target running. */
    public boolean detached() { return ending instanceof AgentStreamReader.Ending.Complete c && !c.targetExited(); }

    /**
     * Whether the target exited (or was killed) while attached. A stream cut short by a target that still runs is not
     * an exit: a drain thread starved of CPU on a busy target can miss the agent's time to finish.
     */
    public boolean targetExited() {
        if (detachUnconfirmed) {
            // a stopped target, or a stalling one, is not asked to end within a grace: it exited only if it is gone
            long pid = target().pid();
            return remote == null && pid > 0 && ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true);
        }
        return ending instanceof AgentStreamReader.Ending.Complete c ? c.targetExited()
                : ending instanceof AgentStreamReader.Ending.Cut && remote == null && !targetRuns();
    }

    private static final long EXIT_GRACE_MILLIS = 2_000;
    private Boolean runsAfterCut;

    /** How a stream cut while the target runs ends; the agent takes its hooks out before it sends its last episodes. */
    public static final String CUT_WHILE_RUNNING = "The stream ended without the agent's end line while the target runs on "
            + "(its sender, short of CPU on the busy target, missed the agent's 5 s to finish, or the connection broke): "
            + "what arrived is kept; the agent takes its hooks out before it sends its last episodes.";

    /** A stream that ended without its end line while the target runs on. */
    public boolean cutWhileTargetRuns() {
        return !detachUnconfirmed && ending instanceof AgentStreamReader.Ending.Cut && remote == null && targetRuns();
    }

    /**
     * Whether the target still runs, asked once the stream was cut (of a local target only: another host's pid names
     * some other process here, or none): a target in its exit is given a moment to end
     * (the agent cuts the stream in its shutdown hook when its 5 s to finish run out, and the JVM ends just after).
     */
    private synchronized boolean targetRuns() {
        if (runsAfterCut == null) {
            long pid = target().pid();
            runsAfterCut = pid > 0 && ProcessHandle.of(pid).map(h -> !endsWithin(h, EXIT_GRACE_MILLIS)).orElse(false);
        }
        return runsAfterCut;
    }

    private static boolean endsWithin(ProcessHandle process, long millis) {
        try {
            process.onExit().get(millis, TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return !process.isAlive();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !process.isAlive();
        }
    }

    /**
     * Closes the connection (an agent still attached takes that as a stop) and removes what the attach put into a
     * container's {@code /tmp}: the target loaded the jar's classes already, and holds the jar open where it needs it.
     */
    @Override
    public void close() {
        link.close();
        if (inContainer != null) {
            inContainer.close();
        }
    }
}
