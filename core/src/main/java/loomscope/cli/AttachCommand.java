package loomscope.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.SocketException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import loomscope.attach.AgentJar;
import loomscope.attach.AgentStreamReader;
import loomscope.attach.AttachCrossCheck;
import loomscope.attach.AttachSession;
import loomscope.attach.AttachedEpisodes;
import loomscope.attach.HostPort;
import loomscope.attach.ListeningAgent;
import loomscope.attach.TokenFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code attach --list}, {@code attach PID} and {@code attach --connect HOST:PORT} (an agent that listens on another
 * host, {@code attach PID --listen}): records a running application's virtual threads on its own carriers
 * (loomscope-agent.jar, loaded into it), for {@code --seconds} or until Ctrl+C or its exit, then detaches (its
 * {@code VirtualThread} restored, the application running on) and prints what was recorded.
 */
@Command(name = "attach", mixinStandardHelpOptions = true,
        description = "Record a running JVM's virtual threads on its own carriers (this user's JVMs, Java 21+), then detach.")
final class AttachCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "PID", description = "The JVM to attach to (see --list).")
    Long pid;

    @Option(names = "--list", description = "List the JVMs this user can see: pid, main class, Java version, attachable or why not.")
    boolean list;

    @Option(names = "--wait", description = "Print a -javaagent flag, wait for an application started with it, and record "
            + "it from its start to its exit (or --seconds, or Ctrl+C). Without LoomScope running: start the application "
            + "with -javaagent:loomscope-agent.jar=save=FILE.loomrun, and FILE appears at its exit (open it as any saved run).")
    boolean waitForAgent;

    @Option(names = "--seconds", paramLabel = "S",
            description = "Record for S seconds (more than 0, up to 86400), then detach. Default: until Ctrl+C or the target exits. "
                    + "The whole command ends within S + 5 seconds whatever the target does: the attach (until the agent records) "
                    + "is given what that leaves, at most 30 s (30 without --seconds), and an attach that takes more than 2 s "
                    + "shortens the recording (the summary says so); the detach's confirmation at most 4 s.")
    Double seconds;

    @Option(names = "--save", paramLabel = "FILE.loomrun",
            description = "Save the recording (every mount and JFR pinned event) to open, replay and export later.")
    Path save;

    @Option(names = "--json", description = "Print one JSON object instead of the lines (with --list: a JSON array).")
    boolean json;

    @Option(names = "--fail-on-pin", description = "Exit 3 and print the sites when the JDK saw the application pinned at a "
            + "site of its own (JFR's pinned events of 1 ms or more with a frame outside the JDK); for CI.")
    boolean failOnPin;

    @Option(names = "--no-jfr", description = "Start no JFR in the target (nothing is verified by JFR's pinned events then; "
            + "JFR's threads and its /tmp folder stay in a JVM once JFR has started).")
    boolean noJfr;

    @Option(names = "--listen", paramLabel = "HOST:PORT", description = "Load the agent into PID to listen on HOST:PORT "
            + "(port 0: any free one) for LoomScope on another machine, over TLS, for the JVM's life; prints the "
            + "certificate's SHA-256, the token and the --connect command. Records nothing itself.")
    String listen;

    @Option(names = "--connect", paramLabel = "HOST:PORT", description = "Record a JVM whose agent listens (started with "
            + "-javaagent:loomscope-agent.jar=listen=HOST:PORT, or attach PID --listen), as a rule through ssh -L or "
            + "kubectl port-forward; needs --fingerprint and --token or --token-file. Always TLS.")
    String connect;

    @Option(names = "--token", paramLabel = "T", description = "With --connect: the token the agent printed (a command "
            + "line is readable by other users of this machine: --token-file is not).")
    String token;

    @Option(names = "--token-file", paramLabel = "FILE", description = "With --connect: a file holding the token.")
    Path tokenFile;

    @Option(names = "--fingerprint", paramLabel = "SHA256", description = "With --connect: the SHA-256 of the agent's "
            + "certificate, as the agent printed it (64 hex digits, colons allowed); any other is refused.")
    String fingerprint;

    @Option(names = "--every", paramLabel = "SECONDS", description = "While it records, print one JSON line every "
            + "SECONDS (more than 0, up to 3600): mounts so far, pinned, captured, stalled, unsure, not yet classed, "
            + "and the top sites; the summary follows at the end.")
    Double every;

    @Spec
    CommandSpec spec;

    /** What the detach's confirmation was given ({@link SessionDeadline#detachMillis()}), for the summary's line. */
    private long detachMillisGiven = AttachSession.DETACH_CONFIRM_MILLIS;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        LiveLines.check(every);
        if (every != null && (list || listen != null)) {
            throw new BadOption("--every", "goes with a recording (attach PID, --wait or --connect), not --list or --listen");
        }
        if (list) {
            if (pid != null || seconds != null || save != null || waitForAgent || failOnPin || noJfr || listen != null
                    || connect != null) {
                throw new BadOption("--list", "takes no PID, --seconds, --save, --wait, --fail-on-pin, --no-jfr, "
                        + "--listen or --connect");
            }
            return json ? JvmListing.json(out) : JvmListing.lines(out);
        }
        RemoteAgent remote = remoteAgent();
        if (listen != null) {
            return listenIn(out);
        }
        checkRecordingOptions(remote);
        SavedRunOutput.check(save);
        PrintWriter err = spec.commandLine().getErr();
        // --wait's clock starts when the application connects: how long it takes to start is the user's
        SessionDeadline clock = SessionDeadline.startingNow(waitForAgent ? null : seconds);
        AttachSession session = open(remote, clock, out, err);
        if (session == null) {
            return 130;   // Ctrl+C before any application connected
        }
        if (waitForAgent) {
            clock = SessionDeadline.startingNow(seconds);
        }
        return record(session, clock, out, err);
    }

    /** A recording's options, checked before anything is attached. */
    private void checkRecordingOptions(RemoteAgent remote) {
        if (pid == null && !waitForAgent && remote == null) {
            throw new IllegalArgumentException("attach needs a PID (or --list, --wait, or --connect HOST:PORT)");
        }
        if (pid != null && waitForAgent) {
            throw new BadOption("--wait", "takes no PID: the application connects when it starts");
        }
        if (seconds != null && !(seconds > 0 && seconds <= 86_400)) {
            throw new BadOption("--seconds", "must be more than 0 and at most 86400: " + seconds);
        }
        if (failOnPin && noJfr) {
            throw new BadOption("--fail-on-pin", "needs JFR's pinned events in the target: leave --no-jfr out");
        }
    }

    /** The session: connected to a listening agent, an application started with the flag, or attached by pid. */
    private AttachSession open(RemoteAgent remote, SessionDeadline clock, PrintWriter out, PrintWriter err)
            throws Exception {
        Path agentJar = remote != null ? null : AgentJar.locate();
        return remote != null ? AttachSession.connect(remote.where().host(), remote.where().port(),
                remote.token(), fingerprint, clock.attach(attachDeadline(seconds)))
                : waitForAgent ? awaitAgent(agentJar, !noJfr, out, err)
                : AttachSession.start(pid, agentJar, clock.attach(localAttachDeadline(seconds)), !noJfr);
    }

    /** Records until {@code --seconds}, Ctrl+C or the target's exit, then detaches and prints; the exit code. */
    private int record(AttachSession session, SessionDeadline clock, PrintWriter out, PrintWriter err) throws Exception {
        long started = System.nanoTime();
        CountDownLatch printed = new CountDownLatch(1);
        Thread stopOnCtrlC = new Thread(() -> {
            session.stop(AttachSession.DETACH_CONFIRM_MILLIS);
            try {
                printed.await(30, TimeUnit.SECONDS);   // the JVM halts when this returns: let the summary out first
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "loomscope-detach");
        Runtime.getRuntime().addShutdownHook(stopOnCtrlC);
        try {
            if (!json) {
                announce(session, out);
            }
            long millis = clock.recordingMillis();
            try (LiveLines lines = LiveLines.start(every, out, err, LiveLines.of(session.episodes(),
                    session.target().mainClass()))) {
                session.awaitEnd(millis);
            }
            detachMillisGiven = clock.detachMillis();
            session.stop(detachMillisGiven);
            return finish(session, (System.nanoTime() - started) / 1e9, clock.shortened(), out, err);
        } finally {
            printed.countDown();
            session.close();
            try {
                Runtime.getRuntime().removeShutdownHook(stopOnCtrlC);
            } catch (IllegalStateException e) {
                // Ctrl+C: the hook is running, and has just been let go
            }
        }
    }

    private void announce(AttachSession session, PrintWriter out) {
        out.printf(Locale.ROOT, "Attached to %d (%s)%s, Java %s%s.%n", session.target().pid(),
                AttachSummary.shown(session.target().mainClass()),
                session.remote() != null ? " at " + session.remote()
                        : session.target().place() == null ? "" : " in " + AttachSummary.shown(session.target().place()),
                session.episodes().javaVersion(),
                seconds == null ? "; Ctrl+C detaches" : String.format(Locale.ROOT, "; detaching in %.1f s", seconds));
        if (session.bootPathNote() != null) {
            out.println(session.bootPathNote());
        }
        out.flush();
    }

    /** The stopped session classed, saved ({@code --save}) and printed; the exit code ({@code --fail-on-pin}'s too). */
    private int finish(AttachSession session, double wallSeconds, String shortened, PrintWriter out, PrintWriter err)
            throws Exception {
        boolean clean = session.detached();
        boolean targetEnded = session.targetExited();
        List<String> failures = new ArrayList<>();
        AttachedEpisodes episodes = session.episodes();
        // the cross-check holds the hooks' own verdicts against JFR: before the witnesses class the mounts anew
        AttachCrossCheck check = AttachCrossCheck.of(episodes);
        AttachedEpisodes.Classified classified = episodes.classified(session.target().mainClass(), Integer.MAX_VALUE,
                session.ending() instanceof AgentStreamReader.Ending.Complete, targetEnded);
        String saved = null;
        if (save != null) {
            saved = SavedRunOutput.write(save, classified.recording(), List.of(), episodes.pinnedEvents(), failures);
        }
        if (json) {
            out.println(AttachSummary.json(session, check, classified, targetEnded, clean));
        } else {
            AttachSummary.print(out, session, check, classified, wallSeconds, targetEnded, clean, detachMillisGiven);
            if (shortened != null) {
                out.println(shortened);
            }
            if (saved != null) {
                out.println(saved);
            }
        }
        out.flush();
        failures.forEach(err::println);
        err.flush();
        int code = !failures.isEmpty() || !clean && !targetEnded ? 1 : 0;
        if (failOnPin && code == 0 && !check.jfrTapped()) {
            err.println("loomscope: --fail-on-pin cannot tell: JFR's pinned events were not tapped inside the target ("
                    + check.jfrNotTapped() + ")");
            err.flush();
            return 1;
        }
        return failOnPin ? PinGate.apply(episodes.pinnedEvents(), code, err) : code;
    }

    /** {@code --connect}'s checked options: where, and the token (from {@code --token-file} where it is there). */
    private record RemoteAgent(HostPort where, String token) { }

    /** {@code --connect} and its options checked, or null without it; the options that go only with it refused alone. */
    private RemoteAgent remoteAgent() {
        if (connect == null) {
            String alone = token != null ? "--token" : tokenFile != null ? "--token-file" : fingerprint != null
                    ? "--fingerprint" : null;
            if (alone != null) {
                throw new BadOption(alone, "goes with --connect HOST:PORT");
            }
            return null;
        }
        if (pid != null || waitForAgent || listen != null) {
            throw new BadOption("--connect", "takes no PID, --wait or --listen: the agent at HOST:PORT is the target");
        }
        if (noJfr) {
            throw new BadOption("--no-jfr", "with --connect the agent's own options decide (start it with "
                    + "listen=HOST:PORT,jfr=off)");
        }
        HostPort where;
        try {
            where = HostPort.parse(connect, false);
        } catch (IllegalArgumentException e) {
            throw new BadOption("--connect", e.getMessage());
        }
        if (fingerprint == null) {
            throw new BadOption("--connect", "needs --fingerprint SHA256 (the agent printed its certificate's)");
        }
        if ((token == null) == (tokenFile == null)) {
            throw new BadOption("--connect", "needs the agent's token: --token T or --token-file FILE (one of them)");
        }
        return new RemoteAgent(where, token != null ? token : readToken(tokenFile));
    }

    /** The token in {@code file}, read as ssh reads a key ({@link TokenFile}): a pipe, a device or a 0644 file refused. */
    private static String readToken(Path file) {
        try {
            return TokenFile.read(file);
        } catch (IllegalArgumentException e) {
            throw new BadOption("--token-file", e.getMessage());
        }
    }

    /** {@code attach PID --listen}: the agent listens in PID; its user gets what a LoomScope elsewhere needs. */
    private int listenIn(PrintWriter out) throws Exception {
        if (pid == null || waitForAgent) {
            throw new BadOption("--listen", "needs the PID of a running JVM (started ones: -javaagent:"
                    + AgentJar.FILE_NAME + "=listen=HOST:PORT)");
        }
        if (seconds != null || save != null || failOnPin) {
            throw new BadOption("--listen", "records nothing itself (a LoomScope that connects does): no --seconds, "
                    + "--save or --fail-on-pin");
        }
        HostPort where;
        try {
            where = HostPort.parse(listen, true);
        } catch (IllegalArgumentException e) {
            throw new BadOption("--listen", e.getMessage());
        }
        ListeningAgent agent = ListeningAgent.loadInto(pid, AgentJar.locate(), where, AttachSession.DEFAULT_DEADLINE, !noJfr);
        ListenAnswer.print(agent, json, out, spec.commandLine().getErr());
        return 0;
    }

    /** {@code --wait}: the flag on stderr (so that --json's stdout stays one object), then the application's connection. */
    private static AttachSession awaitAgent(Path agentJar, boolean jfr, PrintWriter out, PrintWriter err)
            throws IOException {
        try (AttachSession.Waiting waiting = AttachSession.listen(agentJar, jfr)) {
            AtomicBoolean interrupted = new AtomicBoolean();
            Thread onCtrlC = new Thread(() -> {
                interrupted.set(true);
                waiting.stopWaiting();
            }, "loomscope-stop-waiting");
            Runtime.getRuntime().addShutdownHook(onCtrlC);
            err.println("Start the application with this flag (good for one connection; Ctrl+C stops waiting):");
            err.println("  " + waiting.javaagentFlag());
            err.flush();
            try {
                AttachSession session = null;
                while (session == null && !interrupted.get()) {
                    try {
                        session = waiting.awaitAgent(1_000);
                    } catch (SocketException e) {
                        if (!interrupted.get()) {
                            throw e;
                        }
                    }
                }
                return session;
            } finally {
                try {
                    Runtime.getRuntime().removeShutdownHook(onCtrlC);
                } catch (IllegalStateException e) {
                    // Ctrl+C: the hook is running
                }
            }
        }
    }

    /**
     * How long the attach may take before the recording: S + 2 s, at least 6 s and at most 30 s, so that {@code --seconds
     * S} ends within S and a few seconds whatever the other side does (a JDK's attach to a JVM whose attach listener
     * is yet to start takes well under a second here; a stalled one is not waited for).
     */
    static Duration attachDeadline(Double seconds) {
        if (seconds == null) {
            return AttachSession.DEFAULT_DEADLINE;
        }
        return Duration.ofMillis((long) (Math.min(30, Math.max(MIN_ATTACH_SECONDS, seconds + 2)) * 1000));
    }

    /** The least an attach with {@code --seconds} is given: a JDK's attach to a JVM on a busy 2-core machine. */
    private static final double MIN_ATTACH_SECONDS = 6;

    /**
     * A local attach's: as {@link #attachDeadline}, but at least 10 s, as the JDK's own attach waits up to 10 s for a
     * target's attach listener, and loading the agent into a busy target takes its time (measured: a JDK 21 target
     * churning 50,000 virtual threads a second on this loaded machine did not confirm the load within 8 s in 2 of 10
     * attaches).
     */
    static Duration localAttachDeadline(Double seconds) {
        Duration d = attachDeadline(seconds);
        return d.compareTo(LOCAL_MIN) < 0 ? LOCAL_MIN : d;
    }

    private static final Duration LOCAL_MIN = Duration.ofSeconds(10);
}
