package loomscope.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import loomscope.attach.AgentJar;
import loomscope.attach.AgentStreamReader;
import loomscope.attach.AttachCrossCheck;
import loomscope.attach.AttachSession;
import loomscope.attach.AttachedEpisodes;
import loomscope.attach.HostPort;
import loomscope.attach.JvmEntry;
import loomscope.attach.JvmList;
import loomscope.attach.ListeningAgent;
import loomscope.attach.TokenFile;
import loomscope.probe.CauseReport;
import loomscope.probe.PinnedThreadsTable;
import loomscope.probe.SiteTable;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
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
            return json ? listJson(out) : list(out);
        }
        RemoteAgent remote = remoteAgent();
        if (listen != null) {
            return listenIn(out);
        }
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
        SavedRunOutput.check(save);
        Path agentJar = remote != null ? null : AgentJar.locate();
        PrintWriter err = spec.commandLine().getErr();
        // --wait's clock starts when the application connects: how long it takes to start is the user's
        SessionDeadline clock = SessionDeadline.startingNow(waitForAgent ? null : seconds);
        AttachSession session = remote != null ? AttachSession.connect(remote.where().host(), remote.where().port(),
                remote.token(), fingerprint, clock.attach(attachDeadline(seconds)))
                : waitForAgent ? awaitAgent(agentJar, !noJfr, out, err)
                : AttachSession.start(pid, agentJar, clock.attach(localAttachDeadline(seconds)), !noJfr);
        if (session == null) {
            return 130;   // Ctrl+C before any application connected
        }
        if (waitForAgent) {
            clock = SessionDeadline.startingNow(seconds);
        }
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
                out.printf(Locale.ROOT, "Attached to %d (%s)%s, Java %s%s.%n", session.target().pid(),
                        shown(session.target().mainClass()),
                        session.remote() != null ? " at " + session.remote()
                                : session.target().place() == null ? "" : " in " + shown(session.target().place()),
                        session.episodes().javaVersion(),
                        seconds == null ? "; Ctrl+C detaches" : String.format(Locale.ROOT, "; detaching in %.1f s", seconds));
                if (session.bootPathNote() != null) {
                    out.println(session.bootPathNote());
                }
                out.flush();
            }
            long millis = clock.recordingMillis();
            try (LiveLines lines = LiveLines.start(every, out, err, LiveLines.of(session.episodes(),
                    session.target().mainClass()))) {
                session.awaitEnd(millis);
            }
            detachMillisGiven = clock.detachMillis();
            session.stop(detachMillisGiven);
            boolean clean = session.detached();
            boolean targetEnded = session.targetExited();
            double wallSeconds = (System.nanoTime() - started) / 1e9;
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
                out.println(json(session, check, classified, targetEnded, clean));
            } else {
                print(out, session, check, classified, wallSeconds, targetEnded, clean, detachMillisGiven);
                if (clock.shortened() != null) {
                    out.println(clock.shortened());
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
        ListeningAgent agent = AttachSession.listenIn(pid, AgentJar.locate(), where, AttachSession.DEFAULT_DEADLINE, !noJfr);
        if (json) {
            ObjectNode node = new ObjectMapper().createObjectNode();
            node.put("pid", agent.pid());
            node.put("listening", agent.address());
            node.put("fingerprint", agent.fingerprint());
            node.put("token", agent.token());
            node.put("connect", agent.connectCommand());
            out.println(node);
        } else {
            out.printf(Locale.ROOT, "pid %d listens on %s (TLS 1.3) for LoomScope, until it exits; certificate SHA-256 %s.%n",
                    agent.pid(), agent.address(), agent.fingerprint());
            out.println("Record it from another machine (its port forwarded there: ssh -L, kubectl port-forward; "
                    + "HOST is that tunnel's near end), token shown once:");
            out.println("  " + agent.connectCommand());
        }
        out.flush();
        if (agent.exposed()) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("loomscope: warning: pid " + agent.pid() + " listens on " + agent.address() + ", which the network "
                    + "can reach: the token and TLS are all that guard it; --listen 127.0.0.1:PORT with a tunnel (ssh -L, "
                    + "kubectl port-forward) keeps it off the network");
            err.flush();
        }
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

    /** {@code --list --json}: one array, a JVM an object with stable names; {@code why} is null when attachable. */
    private int listJson(PrintWriter out) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        ArrayNode array = mapper.createArrayNode();
        for (JvmEntry j : JvmList.list()) {
            ObjectNode node = array.addObject();
            node.put("pid", j.pid());
            node.put("mainClass", j.mainClass());
            node.put("javaVersion", j.javaVersion());
            node.put("attachable", j.attachable());
            node.put("why", j.refusal());
            node.put("container", j.place());
        }
        out.println(mapper.writeValueAsString(array));
        return 0;
    }

    private int list(PrintWriter out) {
        List<JvmEntry> jvms = JvmList.list();
        if (jvms.isEmpty()) {
            out.println("No other JVM is running (that this user can see).");
            return 0;
        }
        int width = Math.max(10, jvms.stream().mapToInt(j -> shown(j.mainClass()).length()).max().orElse(0));
        // the container's column only where one runs in a container: a plain machine's list stays as it was
        boolean anyContained = jvms.stream().anyMatch(j -> j.place() != null);
        String placeColumn = anyContained ? "%-" + Math.max(9, jvms.stream().mapToInt(j -> shown(place(j)).length())
                .max().orElse(0)) + "s  " : "%s";
        out.printf(Locale.ROOT, "%-8s  %-" + width + "s  %-12s  " + placeColumn + "%s%n", "PID", "MAIN CLASS", "JAVA",
                anyContained ? "CONTAINER" : "", "ATTACHABLE");
        for (JvmEntry j : jvms) {
            out.printf(Locale.ROOT, "%-8d  %-" + width + "s  %-12s  " + placeColumn + "%s%n", j.pid(), shown(j.mainClass()),
                    j.javaVersion(), anyContained ? shown(place(j)) : "", j.attachable() ? "yes" : "no: " + j.refusal());
        }
        return 0;
    }

    private static String place(JvmEntry j) {
        return j.place() == null ? "-" : j.place();
    }

    private static void print(PrintWriter out, AttachSession session, AttachCrossCheck check,
                              AttachedEpisodes.Classified classified, double wallSeconds, boolean targetEnded, boolean clean,
                              long detachMillisGiven) {
        AttachedEpisodes e = session.episodes();
        Counts c = Counts.of(e, classified.recording());
        if (e.untestedRelease() != null) {
            out.println(e.untestedRelease() + ".");
        }
        out.printf(Locale.ROOT, "Attached %.3f seconds: %,d mounts of %,d virtual threads on %,d carriers.%n",
                e.lastTime() / 1e9, c.mounts, e.virtualThreads().size(), e.carriers().size());
        out.printf(Locale.ROOT, "Pinned mounts: %,d; unsure: %,d; dropped (a carrier's buffer was full): %,d.%n",
                c.pinned, c.unsure, e.dropped());
        out.println(classified.causes().line());
        if (e.notKept() > 0) {
            out.printf(Locale.ROOT, "Not kept: %,d mounts after the first %,d (LoomScope's bound for one session): "
                    + "counted in the mounts, not judged, not saved.%n", e.notKept(), c.mounts - e.notKept());
        }
        for (AttachedEpisodes.Carrier carrier : e.carriers().stream().sorted(Comparator.comparingInt(AttachedEpisodes.Carrier::lane)).toList()) {
            out.printf(Locale.ROOT, "  %s: %,d mounts, %,d pinned%n", shown(carrier.name()), c.perLane[carrier.lane()],
                    c.pinnedByName.getOrDefault(carrier.name(), 0L));
        }
        out.println(check.describe());
        List<PinnedThreadsTable.Row> sites = sites(e);
        if (!sites.isEmpty()) {
            out.printf(Locale.ROOT, "Where the JDK saw pins of 1 ms or more (JFR, by the first frame of the application's; %d of "
                    + "%d sites):%n", Math.min(SITES_PRINTED, sites.size()), sites.size());
            out.print(PinnedThreadsTable.format(sites.subList(0, Math.min(SITES_PRINTED, sites.size()))));
        }
        if (targetEnded) {
            out.println(session.ending() instanceof AgentStreamReader.Ending.Cut
                    ? "The target ended before it could send everything (killed, or it crashed)."
                    : "The target exited while attached; everything it recorded was sent.");
        } else if (clean) {
            out.printf(Locale.ROOT, "Detached after %.1f s: VirtualThread restored, the target runs on.%n", wallSeconds);
        } else if (session.detachUnconfirmed()) {
            out.printf(Locale.ROOT, "The agent did not confirm the detach within %.1f s", detachMillisGiven / 1000.0);
            out.println(" (a stopped or stalling target, or one whose agent is not LoomScope's): LoomScope closed the "
                    + "connection, which the agent takes as a stop; what arrived is kept.");
        } else if (session.cutWhileTargetRuns()) {
            out.println(AttachSession.CUT_WHILE_RUNNING);
        } else {
            // a line LoomScope cannot read, a bound of the session, or no end line within the stop's 30 s
            out.println(session.ending() == null ? "The agent did not confirm the detach within "
                    + AttachSession.STOP_MILLIS / 1000 + " s: what arrived is kept." : session.ending().sentence());
        }
    }

    private static String json(AttachSession session, AttachCrossCheck check, AttachedEpisodes.Classified classified,
                               boolean targetEnded, boolean clean) throws Exception {
        AttachedEpisodes e = session.episodes();
        Counts c = Counts.of(e, classified.recording());
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode node = mapper.createObjectNode();
        node.put("pid", session.target().pid());
        node.put("mainClass", session.target().mainClass());
        node.put("container", session.target().place());
        node.put("jdkVersion", e.javaVersion());
        node.put("recordedSeconds", e.lastTime() / 1e9);
        node.put("mounts", c.mounts);
        node.put("pinnedMounts", c.pinned);
        node.put("unsureMounts", c.unsure);
        CauseReport causes = classified.causes();
        node.put("causesClassified", causes.classified());
        if (causes.why() != null) {
            node.put(causes.classified() ? "causesNote" : "causesNotClassifiedBecause", causes.why());
        }
        node.put("capturedMounts", causes.classified() ? causes.captured() : 0);
        node.put("stalledMounts", causes.classified() ? causes.stalled() : 0);
        node.put("droppedMounts", e.dropped());
        node.put("notKeptMounts", e.notKept());
        node.put("virtualThreads", e.virtualThreads().size());
        node.put("carriers", e.carriers().size());
        var names = node.putArray("carrierNames");
        e.carriers().forEach(carrier -> names.add(carrier.name()));
        if (session.episodes().untestedRelease() != null) {
            node.put("untestedRelease", session.episodes().untestedRelease());
        }
        node.put("jfrTapped", check.jfrTapped());
        if (!check.jfrTapped()) {
            node.put("jfrNotTappedBecause", check.jfrNotTapped());
        }
        node.put("jfrPinnedEvents", check.events());
        node.put("jfrPinnedEventsAtFloor", check.eventsAtFloor());
        node.put("jfrPinnedEventsMatched", check.matchedEvents());
        node.put("pinnedMountsMatchedByJfr", check.pinnedEpisodesMatched());
        var sites = node.putArray("sites");
        if (causes.classified()) {
            // the places of the mounts the witnesses classed pinned or captured, most carrier time held first
            ProbeJson.addSites(sites, causes.sites());
        } else {
            ProbeJson.addSites(sites, pinnedSites(sites(e)));
        }
        node.put("detached", clean);
        node.put("targetExited", targetEnded);
        return mapper.writeValueAsString(node);
    }

    /**
     * JFR's pinned rows as sites, one per frame: a frame's reasons counted under it, the most frequent its
     * {@code reason}, as the classed sites are.
     */
    static List<CauseReport.Site> pinnedSites(List<PinnedThreadsTable.Row> rows) {
        Map<String, List<PinnedThreadsTable.Row>> byFrame = new LinkedHashMap<>();
        rows.forEach(row -> byFrame.computeIfAbsent(row.method(), k -> new ArrayList<>()).add(row));
        List<CauseReport.Site> sites = new ArrayList<>();
        byFrame.forEach((frame, of) -> {
            List<PinnedThreadsTable.Row> sorted = new ArrayList<>(of);
            sorted.sort(Comparator.comparingInt(PinnedThreadsTable.Row::count).reversed());
            List<CauseReport.Reason> reasons = sorted.stream().limit(SiteTable.REASONS_KEPT)
                    .map(r -> new CauseReport.Reason(r.reason(), r.count(), List.of())).toList();
            sites.add(new CauseReport.Site(frame, "pinned", reasons.get(0).reason(),
                    of.stream().mapToInt(PinnedThreadsTable.Row::count).sum(),
                    of.stream().mapToLong(PinnedThreadsTable.Row::totalNanos).sum() / 1e6,
                    of.stream().mapToLong(PinnedThreadsTable.Row::longestNanos).max().orElse(0) / 1e6, reasons));
        });
        sites.sort(Comparator.comparingDouble(CauseReport.Site::heldMillis).reversed());
        return sites;
    }

    /** Sites printed in the text summary (the JSON has them all). */
    static final int SITES_PRINTED = 5;

    /** JFR's pinned events of the 1 ms floor or more, grouped by their first application frame and reason. */
    private static List<PinnedThreadsTable.Row> sites(AttachedEpisodes e) {
        return PinnedThreadsTable.of(e.pinnedEvents().stream().filter(p -> p.duration() >= 1_000_000).toList());
    }

    private static String shown(String text) {
        return LoomScopeCli.controlsShown(text == null || text.isEmpty() ? "(unnamed)" : text);
    }

    /**
     * The episodes counted once for both the lines and the JSON: mounts per carrier from the episodes, pinned and unsure
     * from the recording whose mounts the witnesses classed (its carriers by name).
     */
    private record Counts(long mounts, long pinned, long unsure, long[] perLane, Map<String, Long> pinnedByName) {
        static Counts of(AttachedEpisodes e, RunRecording classed) {
            long[] per = new long[e.carriers().size()];
            List<AttachedEpisodes.Episode> all = e.episodes();
            for (AttachedEpisodes.Episode ep : all) {
                per[ep.lane()]++;
            }
            Map<String, Long> pinnedByName = new HashMap<>();
            long pinned = 0;
            for (CarrierLog log : classed.carriers()) {
                long n = 0;
                for (int i = 0; i < log.size(); i++) {
                    n += log.pinned(i) ? 1 : 0;
                }
                pinnedByName.merge(log.name(), n, Long::sum);
                pinned += n;
            }
            return new Counts(all.size() + e.notKept(), pinned, RunSummary.unsureMounts(classed), per, pinnedByName);
        }
    }
}
