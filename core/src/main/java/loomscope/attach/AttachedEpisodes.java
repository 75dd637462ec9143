package loomscope.attach;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import loomscope.clock.BlockedTime;
import loomscope.io.ForeignText;
import loomscope.probe.CauseClassifier;
import loomscope.probe.CauseReport;
import loomscope.probe.LiveCauses;
import loomscope.probe.PinnedEvent;
import loomscope.probe.StackFrame;
import loomscope.probe.Witness;
import loomscope.recording.CarrierLog;
import loomscope.recording.PinnedRule;
import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSource;
import loomscope.scenario.ScenarioParams;
import loomscope.scenario.TaskFileScenario;
import loomscope.workload.Phase;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/**
 * Everything one attach session received from the agent, as the target told it; times in nanoseconds since the
 * session's origin. Filled by {@link AgentStreamReader} on its thread, read once the session is over (every method is
 * synchronized: the CLI also reads counts while it runs). {@link #toRecording} turns it into a {@link RunRecording}
 * like any run's, so that save, summary and export treat an attached application as they treat LoomScope's own runs.
 */
public final class AttachedEpisodes {
    /** A carrier as the target names it; {@code lane} counts from 0 in the order seen. */
    public record Carrier(int lane, String name, long seenAt) { }

    /** A virtual thread of the target: {@code vt} counts from 0 in the order its first episode arrived. */
    public record VirtualThreadSeen(int vt, long threadId, String name) { }

    /**
     * One mount episode: {@code blocked} is the carrier clocks' value (see {@link BlockedTime}), {@code pinnedPark}
     * whether the thread parked in {@code parkOnCarrierThread} (the JDK's park of a pinned thread) in it.
     */
    public record Episode(int lane, int vt, long start, long end, long blocked, boolean pinnedPark) {
        public static final int NOT_PINNED = RecordingBuilder.NOT_PINNED;
        public static final int PINNED = RecordingBuilder.PINNED;
        public static final int UNSURE = RecordingBuilder.UNSURE;

        /**
         * Pinned: its carrier blocked for the floor or more with the thread mounted (the carrier clock rule), or the
         * clocks are unsure and the thread did park pinned; where no CPU clock exists, a pinned park of the floor or
         * more. Unsure: the clocks could not tell, and no pinned park says more.
         */
        public int verdict() {
            if (PinnedRule.blockedWhileMounted(blocked)) {
                return PINNED;
            }
            if (BlockedTime.isUnsure(blocked)) {
                return pinnedPark ? PINNED : UNSURE;
            }
            if (blocked == BlockedTime.UNMEASURED) {
                return pinnedPark && end - start >= PinnedRule.MIN_BLOCKED_NANOS ? PINNED : NOT_PINNED;
            }
            return NOT_PINNED;
        }
    }

    /**
     * A JFR {@code jdk.VirtualThreadPinned} event from inside the target; {@code threadId} -1 where JFR lost it;
     * {@code reason} and {@code blockingOperation} as JDK 24+ give them (null before, or from an older agent), and its
     * stack, top frame first (empty from an older agent).
     */
    public record JfrPin(long threadId, long start, long duration, String carrierName, String reason,
                         String blockingOperation, List<StackFrame> stack) {
        public JfrPin(long threadId, long start, long duration, String carrierName) {
            this(threadId, start, duration, carrierName, null, null, List.of());
        }

        public long end() { return start + duration; }
    }

    private final List<Carrier> carriers = new ArrayList<>();
    private final Map<Integer, Integer> laneOfAgentIndex = new HashMap<>();
    private final List<VirtualThreadSeen> threads = new ArrayList<>();
    /**
     * The agent's thread numbers, which go on counting up, to this session's: the agent's table of ids is bounded and
     * forgets when full, so a thread it sees again comes with a new number and the same id (its ThreadIndex).
     */
    private int[] vtOfAgentVt = new int[1024];
    private int agentVts;
    private final Map<Long, Integer> vtOfThreadId = new HashMap<>();
    private String jfrNotTapped;
    private String untestedRelease;
    private final EpisodeColumns episodes = new EpisodeColumns();
    private final List<JfrPin> jfrPins = new ArrayList<>();
    private final List<Witness> witnesses = new ArrayList<>();
    /** Each distinct stack of the pinned events, by the agent's text of its frames: kept once. */
    private final Map<List<String>, List<StackFrame>> stacks = new HashMap<>();
    private final Map<Integer, Long> droppedByLane = new HashMap<>();
    private final Map<Integer, Long> doubledByLane = new HashMap<>();
    /** What the session's threads, carriers, kept episodes and JFR events may take of LoomScope's heap together. */
    private final long memoryLimit;
    /** A live session (the agent's connection), not a file: episodes past its memory are counted, times end now. */
    private final boolean live;
    private long memoryTaken;
    /** What the distinct stacks take ({@link #sharedStack}), within {@link SessionBudget#STACK_BYTES}. */
    private long stacksTaken;
    private long notKeptByAgent;
    /** Episodes a live session counted but did not keep for lack of memory. */
    private long notKeptHere;
    /** Where the agent sent characters a terminal obeys in its Java version or a carrier's name, or null. */
    private String hiddenIn;
    /** A live session's latest time that may be told (nanoTime when it was last worked out). */
    private long helloAt = System.nanoTime();
    private long timeBound;
    private String javaVersion = "unknown";
    private long lastTime;
    private long targetOrigin;
    private boolean originTold;
    private boolean onAnotherHost;
    private long targetPid = -1;
    private String targetMainClass = "";

    /**
     * A live session's: its agent may be anything that holds the token, and it may send anything. Its threads, carriers
     * and JFR events take at most {@link SessionBudget#bytes()} (1 GB, or half a smaller heap) with its episodes, which
     * may take three quarters of that (past it, or past {@link EpisodeColumns#MAX_KEPT}, they are counted, not kept); a
     * thread or carrier or JFR event past the bound ends the reading ({@link Bound}), and what came before is kept.
     */
    public AttachedEpisodes() {
        this(SessionBudget.bytes(), true);
    }

    /**
     * One read from a file, which may claim anything: its threads, kept episodes and JFR events together may take at
     * most {@code memoryLimit} bytes of heap; past it, the line that would exceed it is refused ({@link Bound}).
     */
    AttachedEpisodes(long memoryLimit) {
        this(memoryLimit, false);
    }

    AttachedEpisodes(long memoryLimit, boolean live) {
        this.memoryLimit = memoryLimit;
        this.live = live;
        this.timeBound = live ? LIVE_SLACK_NANOS : MAX_NANOS;
    }

    /** As a saved run's reader allows (savedrun's limit): more than any JVM's pool has. */
    static final int MAX_CARRIERS = 4_096;
    /** As a saved run holds (the agent names at most half as many in one session). */
    static final int MAX_THREADS = WorkloadConfig.MAX_THREADS;
    /**
     * Heap an item takes here and in the recording made of it (records, columns, the builder's copy), its name's
     * characters apart: they count by their real length ({@link #textBytes}), which the agent picks.
     */
    static final long THREAD_BYTES = 250;
    static final long CARRIER_BYTES = 250;
    static final long EPISODE_BYTES = 33 + 37;
    static final long JFR_PIN_BYTES = 100;
    /** A frame of a stack kept once: its record, its strings' headers and its place in the table of stacks. */
    static final long FRAME_BYTES = 120;
    /** A thread's entry in the table by thread id that knows a thread the agent names again (boxed key and value). */
    static final long THREAD_ID_ENTRY_BYTES = 64;
    /** As a saved run's reader allows: no run lasts longer. */
    static final long MAX_NANOS = TimeUnit.DAYS.toNanos(30);
    /**
     * How far past this JVM's own time since the hello a live agent's times may run: both clocks are the machine's
     * monotonic clock, read a moment apart (the agent takes its origin just before its hello).
     */
    static final long LIVE_SLACK_NANOS = TimeUnit.MINUTES.toNanos(1);

    /** A bound of the session: the reading stops there, and what came before is kept. */
    static final class Bound extends RuntimeException {
        Bound(String message) {
            super(message, null, false, false);
        }
    }

    /** What a String's characters take on the heap: one byte each while all are Latin-1, else two. */
    static long textBytes(String text) {
        return text.chars().allMatch(c -> c < 0x100) ? text.length() : 2L * text.length();
    }

    private void take(String what, long count, long bytes) {
        if (memoryTaken + bytes > memoryLimit) {
            throw new Bound(String.format(Locale.ROOT, "its %s (%,d so far) need more memory than LoomScope "
                    + "gives %s (%,d MB)", what, count, live ? "one session" : "a saved run", memoryLimit >> 20));
        }
        memoryTaken += bytes;
    }

    /**
     * A time the agent told: not before the session's origin ({@code floor} below 0 for what may have begun before
     * it), not later than 30 days after it, and in a live session not later than now.
     */
    private void checkTime(String what, long t, long floor) {
        if (t > timeBound && live) {
            timeBound = Math.min(MAX_NANOS, System.nanoTime() - helloAt + LIVE_SLACK_NANOS);
        }
        if (t < floor || t > timeBound) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "impossible times: %s at %,d ns, %s",
                    what, t, t < floor ? "before the session's start"
                            : live && t <= MAX_NANOS ? "later than now" : "more than 30 days after the session's start"));
        }
    }

    /** Where the agent sent characters a terminal would obey (its Java version, a carrier's name), or null. */
    synchronized String hiddenIn() { return hiddenIn; }

    synchronized void hello(String version) {
        helloAt = System.nanoTime();
        javaVersion = ForeignText.clean(version, ForeignText.TEXT_CHARS);
        if (ForeignText.hasHidden(version)) {
            hiddenIn = "its Java version";
        }
    }

    synchronized void carrier(int agentIndex, long seenAt, String name) {
        if (laneOfAgentIndex.containsKey(agentIndex)) {
            return;
        }
        if (carriers.size() >= MAX_CARRIERS) {
            throw new Bound(String.format(Locale.ROOT, "more than %,d carriers (more than any JVM's pool has)",
                    MAX_CARRIERS));
        }
        checkTime("carrier " + carriers.size() + " seen", seenAt, -MAX_NANOS);
        String kept = ForeignText.clean(name, ForeignText.NAME_CHARS);
        take("carriers", carriers.size() + 1L, CARRIER_BYTES + textBytes(kept));
        if (hiddenIn == null && ForeignText.hasHidden(name)) {
            hiddenIn = "carrier " + carriers.size() + "'s name";
        }
        carriers.add(new Carrier(carriers.size(), kept, seenAt));
        laneOfAgentIndex.put(agentIndex, carriers.size() - 1);
    }

    synchronized void virtualThread(int agentVt, long threadId, String name) {
        if (agentVt != agentVts) {
            throw new IllegalArgumentException("virtual thread " + agentVt + " after " + agentVts);
        }
        Integer known = vtOfThreadId.get(threadId);
        int vt = known != null ? known : threads.size();
        if (known == null) {
            if (vt >= MAX_THREADS) {
                throw new Bound(String.format(Locale.ROOT, "more than %,d virtual threads (a saved run's bound)",
                        MAX_THREADS));
            }
            String kept = ForeignText.clean(name, ForeignText.NAME_CHARS);
            take("virtual threads", threads.size() + 1L, THREAD_BYTES + THREAD_ID_ENTRY_BYTES + textBytes(kept));
            threads.add(new VirtualThreadSeen(vt, threadId, kept));
            vtOfThreadId.put(threadId, vt);
        } else {
            take("virtual threads named again", agentVts + 1L, Integer.BYTES);   // a stream may repeat one forever
        }
        if (agentVts == vtOfAgentVt.length) {
            vtOfAgentVt = Arrays.copyOf(vtOfAgentVt, agentVts * 2);
        }
        vtOfAgentVt[agentVts++] = vt;
    }

    /** Why the agent did not tap JFR's pinned events in the target (null: it did). */
    synchronized void jfrNotTapped(String why) {
        jfrNotTapped = ForeignText.clean(why, ForeignText.TEXT_CHARS);
    }

    /** Why JFR's pinned events were not tapped inside the target, or null when they were. */
    public synchronized String jfrNotTapped() { return jfrNotTapped; }

    /** The agent's word that the target's release is newer than those it was tested on (it hooked it all the same). */
    synchronized void untestedRelease(String line) {
        untestedRelease = ForeignText.clean(line, ForeignText.TEXT_CHARS);
    }

    /** That the target runs a release newer than those the agent was tested on, in one line; null for a tested one. */
    public synchronized String untestedRelease() { return untestedRelease; }

    synchronized void episode(int agentIndex, int agentVt, long start, long end, long blocked, boolean pinnedPark) {
        Integer lane = laneOfAgentIndex.get(agentIndex);
        if (lane == null || agentVt < 0 || agentVt >= agentVts || end < start) {
            throw new IllegalArgumentException("an episode of an unknown carrier or thread, or ending before it began");
        }
        int vt = vtOfAgentVt[agentVt];
        checkTime("an episode's start", start, 0);
        checkTime("an episode's end", end, 0);
        if (live && (episodes.size() == EpisodeColumns.MAX_KEPT || memoryTaken + EPISODE_BYTES > memoryLimit / 4 * 3)) {
            notKeptHere++;   // a busy target's: counted, as past the columns' bound, and the session goes on
            lastTime = Math.max(lastTime, end);
            return;
        }
        if (episodes.size() < EpisodeColumns.MAX_KEPT) {
            take("episodes", episodes.size() + 1L, EPISODE_BYTES);
        }
        episodes.add(lane, vt, start, end, blocked, pinnedPark);
        lastTime = Math.max(lastTime, end);
    }

    synchronized void dropped(int agentIndex, long total, long doubledMounts) {
        Integer lane = laneOfAgentIndex.get(agentIndex);
        if (lane != null) {
            droppedByLane.put(lane, total);
            doubledByLane.put(lane, doubledMounts);
        }
    }

    /**
     * Mounts the agent saw twice without an unmount between: a hook that runs twice (see the agent's
     * CarrierRecorder). 0 unless a detach left a transformer in.
     */
    public synchronized long doubledHooks() {
        return doubledByLane.values().stream().mapToLong(Long::longValue).sum();
    }

    synchronized void jfrPin(long threadId, long start, long duration, String carrierName) {
        jfrPin(threadId, start, duration, carrierName, null, null, List.of());
    }

    /**
     * A pinned event with the JDK's reason and stack: each distinct stack (its frames' text) is kept once, and
     * counted against the session's memory once.
     */
    synchronized void jfrPin(long threadId, long start, long duration, String carrierName, String reason,
                             String blockingOperation, List<String> frames) {
        // a pin that began before the session's start ends in it
        checkTime("a JFR pinned event's start", start, -MAX_NANOS);
        if (duration < 0 || duration > MAX_NANOS) {
            throw new IllegalArgumentException("impossible times: a JFR pinned event of " + duration + " ns");
        }
        String kept = ForeignText.clean(carrierName, ForeignText.NAME_CHARS);
        String why = reason == null ? null : ForeignText.clean(reason, ForeignText.TEXT_CHARS);
        String operation = blockingOperation == null ? null : ForeignText.clean(blockingOperation, ForeignText.TEXT_CHARS);
        long[] bytes = {JFR_PIN_BYTES + textBytes(kept) + (why == null ? 0 : textBytes(why))
                + (operation == null ? 0 : textBytes(operation))};
        List<StackFrame> stack = sharedStack(frames, bytes);
        take("JFR pinned events", jfrPins.size() + 1L, bytes[0]);
        jfrPins.add(new JfrPin(threadId, start, duration, kept, why, operation, stack));
    }

    /**
     * {@code frames} as a stack, once per distinct stack (a thousand pins or reads share a handful); a new one's bytes are
     * added to {@code bytes[0]}, to be taken from the session's memory with the event that brought it.
     */
    private List<StackFrame> sharedStack(List<String> frames, long[] bytes) {
        List<StackFrame> stack = stacks.get(frames);
        if (stack == null) {
            // the table's key keeps the agent's text of each frame too: counted, as the parsed frames are (before, a
            // file of distinct deep stacks took twice the budget its refusal named)
            long stackBytes = 0;
            for (String frame : frames) {
                stackBytes += textBytes(frame);
            }
            if (stacksTaken + stackBytes > SessionBudget.STACK_BYTES) {
                throw new Bound(String.format(Locale.ROOT, "its distinct stacks (%,d so far) need more than the %,d MB "
                        + "LoomScope gives them (a session's pins and witnesses share a few hundred)", stacks.size(),
                        SessionBudget.STACK_BYTES >> 20));
            }
            List<StackFrame> parsed = new ArrayList<>(frames.size());
            for (String frame : frames) {
                String text = ForeignText.clean(frame, ForeignText.TEXT_CHARS);
                parsed.add(StackFrame.parse(text));
                stackBytes += FRAME_BYTES + textBytes(text);
            }
            stacksTaken += stackBytes;
            bytes[0] += stackBytes;
            stack = List.copyOf(parsed);
            stacks.put(List.copyOf(frames), stack);
        }
        return stack;
    }

    /**
     * A {@code W} line: a JFR witness of why a carrier was held ({@link Witness}); a kind this LoomScope does not know
     * (a newer agent's) is skipped.
     */
    synchronized void witness(String kindName, long start, long duration, String detail, List<String> frames) {
        Witness.Kind kind = Witness.Kind.ofWire(kindName);
        if (kind == null) {
            return;
        }
        checkTime("a JFR witness's start", start, -MAX_NANOS);
        if (duration < 0 || duration > MAX_NANOS) {
            throw new IllegalArgumentException("impossible times: a JFR witness of " + duration + " ns");
        }
        String text = detail == null ? null : ForeignText.clean(detail, ForeignText.TEXT_CHARS);
        long[] bytes = {JFR_PIN_BYTES + (text == null ? 0 : textBytes(text))};
        List<StackFrame> stack = sharedStack(frames, bytes);
        take("JFR witnesses", witnesses.size() + 1L, bytes[0]);
        witnesses.add(new Witness(kind, start, duration, text, stack));
    }

    /** The JFR witnesses so far, in arrival order. */
    public synchronized List<Witness> witnesses() { return List.copyOf(witnesses); }

    /** The agent's own count of episodes it did not write (a saved file's bound). */
    synchronized void notKeptByAgent(long count) {
        if (count < 0) {
            throw new IllegalArgumentException("a negative count");
        }
        notKeptByAgent = count;
    }

    synchronized void identity(long pid, String mainClass) {
        targetPid = pid;
        targetMainClass = ForeignText.clean(mainClass, ForeignText.TEXT_CHARS);
    }

    /** How LoomScope reached the target, and its address where it is on another host (null here). */
    private RunSource.Reached reached = RunSource.Reached.ATTACHED;
    private String remoteHost;

    /** How the target was reached: its session says ({@code AttachSession}, {@code AgentRecordingFile}). */
    public synchronized void reachedBy(RunSource.Reached how, String host) {
        reached = how;
        remoteHost = host;
    }

    /** The target as a run's source says it: its main class, pid, host, Java and how it was reached. */
    public synchronized RunSource.Jvm jvm(String mainClass) {
        return new RunSource.Jvm(mainClass == null || mainClass.isBlank() ? targetMainClass : mainClass, targetPid,
                remoteHost, javaVersion, reached);
    }

    /** The target's pid as it told it (-1 before it did). */
    public synchronized long targetPid() { return targetPid; }

    /** The target's main class or jar as its launcher names it ("" if it does not say). */
    public synchronized String targetMainClass() { return targetMainClass; }

    synchronized void origin(long targetNanoTime) {
        targetOrigin = targetNanoTime;
        originTold = true;
    }

    /** Whether the agent told its origin ({@code O}): every agent of this build does, first thing after its hello. */
    public synchronized boolean originTold() { return originTold; }

    /** The target runs on another host ({@link AttachSession#connect}): its origin is on that host's clock, not ours. */
    synchronized void onAnotherHost() {
        onAnotherHost = true;
    }

    /**
     * Whether the origin it told ({@link #targetOrigin()}) is on this host's monotonic clock: told, and by a JVM of
     * this host (a container's too, which shares the kernel's clock), not one connected to on another host.
     */
    public synchronized boolean originOnThisHostsClock() { return originTold && !onAnotherHost; }

    /**
     * When the agent's hello arrived, on this JVM's {@code System.nanoTime()}: where a session's own origin is not on
     * this host's clock, the nearest this side knows of its time 0 ({@link SideBySide}).
     */
    public synchronized long helloArrivedAt() { return helloAt; }

    /** The session's time 0 on the target's own {@code System.nanoTime()} clock: marks made inside it go on the episodes' clock. */
    public synchronized long targetOrigin() { return targetOrigin; }

    synchronized void heartbeat(long t) {
        checkTime("a heartbeat", t, 0);
        lastTime = Math.max(lastTime, t);
    }

    public synchronized String javaVersion() { return javaVersion; }

    public synchronized List<Carrier> carriers() { return List.copyOf(carriers); }

    public synchronized List<VirtualThreadSeen> virtualThreads() { return List.copyOf(threads); }

    /** How many virtual threads were seen (no copy: the window asks ten times a second). */
    public synchronized int virtualThreadCount() { return threads.size(); }

    /** The episodes kept so far, in arrival order (per carrier, its own order); a view, not a copy. */
    public synchronized List<Episode> episodes() { return episodes.view(episodes.size()); }

    /**
     * Episodes that arrived after the session held {@link EpisodeColumns#MAX_KEPT} or its memory's share for them
     * (a live session's), or that a saving agent counted
     * past its file's bound without writing them: counted, not kept.
     */
    public synchronized long notKept() { return episodes.notKept() + notKeptHere + notKeptByAgent; }

    public synchronized List<JfrPin> jfrPins() { return List.copyOf(jfrPins); }

    /** JFR's events as a saved run keeps them, placed on the lanes by carrier name where JFR gives one. */
    public synchronized List<PinnedEvent> pinnedEvents() {
        Map<String, Integer> laneByName = new HashMap<>();
        for (Carrier c : carriers) {
            laneByName.put(c.name(), c.lane());   // the last of a name, as the CLI's saves always placed them
        }
        List<PinnedEvent> events = new ArrayList<>(jfrPins.size());
        for (JfrPin pin : jfrPins) {
            events.add(new PinnedEvent(pin.start(), pin.duration(), pin.carrierName().isEmpty() ? null : pin.carrierName(),
                    laneByName.getOrDefault(pin.carrierName(), -1), pin.reason(), pin.blockingOperation(), pin.stack(),
                    pin.end()));
        }
        return events;
    }

    /** The session as a recording whose held mounts the JDK's witnesses classed, with the counts and sites. */
    public record Classified(RunRecording recording, CauseReport causes) { }

    /** What a pinned park the agent's hook saw is called where it is a mount's witness. */
    static final String PINNED_PARK = "parked while pinned (LoomScope's hook in VirtualThread.parkOnCarrierThread)";

    /**
     * {@link #toRecording(String, int)} with every held mount classed ({@link CauseClassifier}) by JFR's pinned events,
     * the agent's pinned-park hook and JFR's other witnesses ({@code W} lines). {@code everythingArrived}: the agent
     * confirmed its end (detach or the target's exit), so JFR's last events are in; else nothing is classed and the
     * report says so. Without JFR's tap the agent's hook is the only witness, which the report says too.
     */
    public Classified classified(String mainClass, int poolParallelism, boolean everythingArrived) {
        return classified(mainClass, poolParallelism, everythingArrived, false);
    }

    /**
     * As above; {@code targetExited}: the session ended with the target's exit, when JFR stops without delivering its
     * last second (the agent cannot wait for it there: the application would not exit), which the report says.
     */
    public Classified classified(String mainClass, int poolParallelism, boolean everythingArrived, boolean targetExited) {
        RunRecording recording = toRecording(mainClass, poolParallelism);
        if (!everythingArrived) {
            return new Classified(recording, CauseClassifier.notClassified(recording,
                    "the agent did not confirm that it sent everything, so JFR's last events may be missing"));
        }
        Map<String, Integer> indexByName = new HashMap<>();
        CarrierLog[] logs = recording.carriersByIndex();
        for (int i = 0; i < logs.length; i++) {
            if (logs[i] != null) {
                indexByName.put(logs[i].name(), i);
            }
        }
        List<PinnedEvent> pins = new ArrayList<>();
        List<Witness> seen;
        String notTapped;
        synchronized (this) {
            for (JfrPin pin : jfrPins) {
                pins.add(new PinnedEvent(pin.start(), pin.duration(), pin.carrierName().isEmpty() ? null : pin.carrierName(),
                        indexByName.getOrDefault(pin.carrierName(), -1), pin.reason(), pin.blockingOperation(), pin.stack(),
                        pin.end()));
            }
            String[] nameByLane = new String[carriers.size()];
            for (Carrier c : carriers) {
                nameByLane[c.lane()] = c.name();
            }
            for (int i = 0; i < episodes.size(); i++) {
                Episode e = episodes.get(i);
                if (e.pinnedPark()) {
                    String name = nameByLane[e.lane()];
                    pins.add(new PinnedEvent(e.start(), e.end() - e.start(), name, indexByName.getOrDefault(name, -1),
                            PINNED_PARK, null, List.of(), e.end()));
                }
            }
            seen = List.copyOf(witnesses);
            notTapped = jfrNotTapped;
        }
        CauseReport causes = CauseClassifier.classify(recording, pins, seen, true);
        if (notTapped != null) {
            causes = causes.noted("JFR was not tapped inside the target (" + notTapped
                    + "): the agent's pinned-park hook was the only witness");
        } else if (targetExited) {
            causes = causes.noted("the target exited, and JFR's events of its last second or so never arrived: a held "
                    + "mount in it that the agent's hook did not see park pinned is unsure");
        }
        return new Classified(recording, causes);
    }

    public synchronized int episodeCount() { return episodes.size(); }

    /** Episodes the agent dropped because a carrier's ring was full, all carriers. */
    public synchronized long dropped() {
        return droppedByLane.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The latest time the stream told of (an episode's end or a heartbeat). */
    public synchronized long lastTime() { return lastTime; }

    /**
     * The session as a recording: one lane per carrier in the order seen, the episodes as its mounts with their
     * verdicts. The target's pool size is not known here: every lane is a carrier, none is marked as added by the
     * pool. The application's own code ran, so the run is a {@code task-file} run of its main class; each thread
     * exists from its first episode seen, and no other phase is made up: only the mounts are facts.
     */
    public synchronized RunRecording toRecording(String mainClass) {
        return toRecording(mainClass, Integer.MAX_VALUE);
    }

    /**
     * As {@link #toRecording(String)}, with the lanes past the pool's first {@code poolParallelism} carriers (in the
     * order seen) marked as added by the pool: the carriers it started beyond its parallelism.
     */
    public synchronized RunRecording toRecording(String mainClass, int poolParallelism) {
        int threadCount = Math.max(1, threads.size());
        AttachedLanes lanes = poolParallelism == Integer.MAX_VALUE ? AttachedLanes.all(carriers.size())
                : AttachedLanes.of(episodes, 0, null, carriers.size(), poolParallelism);
        RecordingBuilder builder = builderFor(mainClass, threadCount, poolParallelism, lanes);
        long[] firstSeen = unseen(threadCount);
        for (int i = 0; i < episodes.size(); i++) {
            Episode e = episodes.get(i);
            builder.mount(lanes.shown()[e.lane()], e.vt(), e.start(), e.start(), e.end(), e.verdict());
            firstSeen[e.vt()] = Math.min(firstSeen[e.vt()], e.start());
        }
        return seenFrom(builder, firstSeen).droppedInTarget(dropped()).finish(0, lastTime, 0, false);
    }

    /** What the window shows while attached: the newest episodes, their threads renumbered densely. */
    public record Newest(RunRecording recording, int episodesShown, int threadsShown, long episodesLeftOut) { }

    /**
     * The session so far as a finished recording of at most its newest {@code maxEpisodes} episodes and
     * {@code maxThreads} threads, for a live view rebuilt a few times a second (a copy: the reader goes on filling
     * this). Threads are numbered in the order of their first episode among those; episodes of threads past
     * {@code maxThreads} are left out and counted, as are the older episodes.
     */
    public Newest newest(String mainClass, int poolParallelism, int maxEpisodes, int maxThreads) {
        List<PinnedEvent> pins = new ArrayList<>();
        List<Witness> seen = new ArrayList<>();
        Newest newest = newestHeld(mainClass, poolParallelism, maxEpisodes, maxThreads, pins, seen);
        RunRecording r = newest.recording();
        // outside the lock: the reader goes on taking the agent's lines while the copy is classed
        Map<String, Integer> indexByName = new HashMap<>();
        CarrierLog[] logs = r.carriersByIndex();
        for (int i = 0; i < logs.length; i++) {
            if (logs[i] != null) {
                indexByName.put(logs[i].name(), i);
            }
        }
        List<PinnedEvent> placed = new ArrayList<>(pins.size());
        for (PinnedEvent p : pins) {
            placed.add(new PinnedEvent(p.start(), p.duration(), p.carrierName(),
                    p.carrierName() == null ? -1 : indexByName.getOrDefault(p.carrierName(), -1), p.reason(),
                    p.blockingOperation(), p.stack(), p.arrivedAt()));
        }
        CauseClassifier.classifyLive(r, placed, seen, r.runStart(), r.runEnd() - LiveCauses.SETTLE_NANOS);
        return newest;
    }

    /**
     * The newest episodes as a recording whose mounts the clocks saw blocked are held, not yet classed (a pinned park
     * the agent's hook saw is a pin's witness: pinned), with the witnesses that may explain them into {@code pins} (the
     * hook's pinned parks too) and {@code seen}.
     */
    private synchronized Newest newestHeld(String mainClass, int poolParallelism, int maxEpisodes, int maxThreads,
                                           List<PinnedEvent> pins, List<Witness> seen) {
        int from = Math.max(0, episodes.size() - maxEpisodes);
        Map<Integer, Integer> shownIndex = new HashMap<>();
        int[] vtOf = new int[episodes.size() - from];
        for (int i = from; i < episodes.size(); i++) {
            Integer dense = shownIndex.get(episodes.vt(i));
            if (dense == null && shownIndex.size() < maxThreads) {
                dense = shownIndex.size();
                shownIndex.put(episodes.vt(i), dense);
            }
            vtOf[i - from] = dense == null ? -1 : dense;
        }
        AttachedLanes lanes = AttachedLanes.of(episodes, from, vtOf, carriers.size(), poolParallelism);
        RecordingBuilder builder = builderFor(mainClass, Math.max(1, shownIndex.size()), poolParallelism, lanes);
        long[] firstSeen = unseen(Math.max(1, shownIndex.size()));
        int shown = 0;
        long firstShown = Long.MAX_VALUE;
        List<PinnedEvent> parks = new ArrayList<>();
        for (int i = from; i < episodes.size(); i++) {
            int vt = vtOf[i - from];
            if (vt >= 0) {
                Episode e = episodes.get(i);
                int verdict = e.verdict() == Episode.PINNED && !e.pinnedPark() ? RecordingBuilder.HELD : e.verdict();
                builder.mount(lanes.shown()[e.lane()], vt, e.start(), e.start(), e.end(), verdict);
                if (e.pinnedPark()) {
                    parks.add(new PinnedEvent(e.start(), e.end() - e.start(), carriers.get(e.lane()).name(), -1, PINNED_PARK,
                            null, List.of(), e.end()));
                }
                firstSeen[vt] = Math.min(firstSeen[vt], e.start());
                firstShown = Math.min(firstShown, e.start());
                shown++;
            }
        }
        // older episodes left out: the recording starts with the first one shown, so that the lanes fitted to it span
        // what they show (from the session's start, a busy target's newest fifth of a second was a sliver at the edge)
        long runStart = from == 0 || shown == 0 ? 0 : Math.min(firstShown, lastTime);
        long since = runStart - LIVE_WITNESSES_KEPT_NANOS;
        for (int i = recentFrom(jfrPins, since); i < jfrPins.size(); i++) {
            JfrPin pin = jfrPins.get(i);
            pins.add(new PinnedEvent(pin.start(), pin.duration(), pin.carrierName().isEmpty() ? null : pin.carrierName(), -1,
                    pin.reason(), pin.blockingOperation(), pin.stack(), pin.end()));
        }
        // after JFR's: the first pinned witness of a mount is kept, and JFR's names a reason and a stack where the
        // hook's names none (a live pin's site was "(no stack)" while JFR's event for it had arrived)
        pins.addAll(parks);
        seen.addAll(witnesses.subList(recentFrom(witnesses, since), witnesses.size()));
        return new Newest(seenFrom(builder, firstSeen).droppedInTarget(dropped()).finish(runStart, lastTime, 0, false),
                shown, shownIndex.size(),
                episodes.size() - (long) shown + episodes.notKept() + notKeptHere);
    }

    /**
     * How far before the newest episodes shown their witnesses are looked for: JFR's arrive about a second after their
     * end, in about their order, a sampled stack at once.
     */
    private static final long LIVE_WITNESSES_KEPT_NANOS = TimeUnit.SECONDS.toNanos(10);

    /**
     * The index from which {@code list} (in arrival order) holds every item that ended at {@code since} or later: found
     * from its end, past the first item that ended {@link #LIVE_WITNESSES_KEPT_NANOS} before it (arrival order is
     * time order within that).
     */
    private static int recentFrom(List<?> list, long since) {
        for (int i = list.size() - 1; i >= 0; i--) {
            Object item = list.get(i);
            long end = item instanceof JfrPin p ? p.end() : ((Witness) item).end();
            if (end < since - LIVE_WITNESSES_KEPT_NANOS) {
                return i + 1;
            }
        }
        return 0;
    }

    private static long[] unseen(int threads) {
        long[] first = new long[threads];
        Arrays.fill(first, Long.MAX_VALUE);
        return first;
    }

    /**
     * Each thread exists from its first episode seen (its creation is not told: an attached JVM's agent sees mounts
     * only); no other phase is set, so the lanes and field show it mounted or {@code UNMOUNTED}, never a made-up state.
     */
    private static RecordingBuilder seenFrom(RecordingBuilder builder, long[] firstSeen) {
        for (int vt = 0; vt < firstSeen.length; vt++) {
            if (firstSeen[vt] != Long.MAX_VALUE) {
                builder.phase(vt, Phase.CREATED, firstSeen[vt]);
            }
        }
        return builder;
    }

    private RecordingBuilder builderFor(String mainClass, int threadCount, int poolParallelism, AttachedLanes lanes) {
        int parallelism = Math.max(1, Math.min(Math.min(WorkloadConfig.MAX_PARALLELISM, Math.max(1, lanes.count())),
                poolParallelism));
        WorkloadConfig config = new WorkloadConfig(threadCount, parallelism,
                SchedulerKind.POOL, ThreadKind.VIRTUAL, new ScenarioParams(new TaskFileScenario(),
                        Map.of(TaskFileScenario.CLASS, classNameFor(mainClass), TaskFileScenario.CLASSES, "")));
        RecordingBuilder builder = RecordingBuilder.of(config, javaVersion).application(RunSource.Application.of(jvm(mainClass)));
        Carrier[] byLane = new Carrier[lanes.count()];
        for (Carrier c : carriers) {
            if (lanes.shown()[c.lane()] >= 0) {
                byLane[lanes.shown()[c.lane()]] = c;
            }
        }
        for (int lane = 0; lane < byLane.length; lane++) {
            Carrier c = byLane[lane];
            builder.carrier(lane, c.name(), c.seenAt(), lanes.added()[c.lane()]);
        }
        return builder;
    }

    /**
     * A main class as a task's class name, without the module its launcher names it in ({@code jdk.compiler/…}); a
     * jar path or nothing becomes {@code Attached}.
     */
    static String classNameFor(String mainClass) {
        if (mainClass != null && mainClass.indexOf('/') > 0 && mainClass.indexOf('/') == mainClass.lastIndexOf('/')) {
            mainClass = mainClass.substring(mainClass.indexOf('/') + 1);
        }
        return mainClass != null && mainClass.matches("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*")
                && !mainClass.endsWith(".jar") ? mainClass : "Attached";
    }
}
