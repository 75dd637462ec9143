package loomscope.attach;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import loomscope.clock.BlockedTime;
import loomscope.io.ForeignText;
import loomscope.probe.CauseReport;
import loomscope.probe.PinnedEvent;
import loomscope.probe.StackFrame;
import loomscope.probe.Witness;
import loomscope.recording.MountClass;
import loomscope.recording.PinnedRule;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSource;
import loomscope.workload.WorkloadConfig;

/**
 * Everything one attach session received from the agent, as the target told it; times in nanoseconds since the
 * session's origin: the session's state. Filled by {@link AgentStreamReader} (the stream's parser) on its thread,
 * within the session's bounds ({@link SessionBounds}), read once the session is over (every method is synchronized:
 * the CLI also reads counts while it runs). {@link #toRecording} turns it into a {@link RunRecording} like any run's
 * ({@link AttachedRecording}), so that save, summary and export treat an attached application as they treat
 * LoomScope's own runs; {@link #classified} and {@link #newest} class its held mounts ({@link AttachedClassing}).
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
        /**
         * What the agent saw of it before any other witness: pinned where the thread parked pinned and its carrier was
         * held by it (the clocks saw a block of the floor or more, or could not tell; where no CPU clock exists, the
         * park lasted the floor or more); else held, not yet classed, where the clocks saw the block (the carrier clock
         * rule); unsure where they could not tell; else not held.
         */
        public MountClass mountClass() {
            boolean blockedLongEnough = PinnedRule.blockedWhileMounted(blocked);
            if (pinnedPark && (blockedLongEnough || BlockedTime.isUnsure(blocked)
                    || blocked == BlockedTime.UNMEASURED && end - start >= PinnedRule.MIN_BLOCKED_NANOS)) {
                return MountClass.PINNED;
            }
            if (blockedLongEnough) {
                return MountClass.HELD;
            }
            return BlockedTime.isUnsure(blocked) ? MountClass.UNSURE : MountClass.NOT_HELD;
        }

        /** Whether its carrier was held for the floor or more, by the clocks or a pinned park: held or pinned. */
        public boolean heldForSure() {
            MountClass mountClass = mountClass();
            return mountClass == MountClass.HELD || mountClass == MountClass.PINNED;
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
    /** Each distinct stack of the pinned events and witnesses, kept once. */
    private final SharedStacks stacks = new SharedStacks();
    private final Map<Integer, Long> droppedByLane = new HashMap<>();
    private final Map<Integer, Long> doubledByLane = new HashMap<>();
    /** What the session may take of LoomScope's heap, and which times it may tell. */
    private final SessionBounds bounds;
    private long notKeptByAgent;
    /** Episodes a live session counted but did not keep for lack of memory. */
    private long notKeptHere;
    /** Where the agent sent characters a terminal obeys in its Java version or a carrier's name, or null. */
    private String hiddenIn;
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
     * thread or carrier or JFR event past the bound ends the reading ({@link SessionBounds.Bound}), and what came
     * before is kept.
     */
    public AttachedEpisodes() {
        this(SessionBudget.bytes(), true);
    }

    /**
     * One read from a file, which may claim anything: its threads, kept episodes and JFR events together may take at
     * most {@code memoryLimit} bytes of heap; past it, the line that would exceed it is refused
     * ({@link SessionBounds.Bound}).
     */
    AttachedEpisodes(long memoryLimit) {
        this(memoryLimit, false);
    }

    AttachedEpisodes(long memoryLimit, boolean live) {
        this.bounds = new SessionBounds(memoryLimit, live);
    }

    /** As a saved run's reader allows (savedrun's limit): more than any JVM's pool has. */
    static final int MAX_CARRIERS = 4_096;
    /** As a saved run holds (the agent names at most half as many in one session). */
    static final int MAX_THREADS = WorkloadConfig.MAX_THREADS;
    /**
     * Heap an item takes here and in the recording made of it (records, columns, the builder's copy), its name's
     * characters apart: they count by their real length ({@link SessionBounds#textBytes}), which the agent picks.
     */
    static final long THREAD_BYTES = 250;
    static final long CARRIER_BYTES = 250;
    static final long EPISODE_BYTES = 33 + 37;
    static final long JFR_PIN_BYTES = 100;
    /** A thread's entry in the table by thread id that knows a thread the agent names again (boxed key and value). */
    static final long THREAD_ID_ENTRY_BYTES = 64;

    /** Where the agent sent characters a terminal would obey (its Java version, a carrier's name), or null. */
    synchronized String hiddenIn() { return hiddenIn; }

    synchronized void hello(String version) {
        bounds.hello();
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
            throw new SessionBounds.Bound(String.format(Locale.ROOT,
                    "more than %,d carriers (more than any JVM's pool has)", MAX_CARRIERS));
        }
        bounds.checkTime("carrier " + carriers.size() + " seen", seenAt, -SessionBounds.MAX_NANOS);
        String kept = ForeignText.clean(name, ForeignText.NAME_CHARS);
        bounds.take("carriers", carriers.size() + 1L, CARRIER_BYTES + SessionBounds.textBytes(kept));
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
                throw new SessionBounds.Bound(String.format(Locale.ROOT,
                        "more than %,d virtual threads (a saved run's bound)", MAX_THREADS));
            }
            String kept = ForeignText.clean(name, ForeignText.NAME_CHARS);
            bounds.take("virtual threads", threads.size() + 1L, THREAD_BYTES + THREAD_ID_ENTRY_BYTES + SessionBounds.textBytes(kept));
            threads.add(new VirtualThreadSeen(vt, threadId, kept));
            vtOfThreadId.put(threadId, vt);
        } else {
            bounds.take("virtual threads named again", agentVts + 1L, Integer.BYTES);   // a stream may repeat one forever
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
        bounds.checkTime("an episode's start", start, 0);
        bounds.checkTime("an episode's end", end, 0);
        if (bounds.live() && (episodes.size() == EpisodeColumns.MAX_KEPT || bounds.pastEpisodesShare(EPISODE_BYTES))) {
            notKeptHere++;   // a busy target's: counted, as past the columns' bound, and the session goes on
            lastTime = Math.max(lastTime, end);
            return;
        }
        if (episodes.size() < EpisodeColumns.MAX_KEPT) {
            bounds.take("episodes", episodes.size() + 1L, EPISODE_BYTES);
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
        bounds.checkTime("a JFR pinned event's start", start, -SessionBounds.MAX_NANOS);
        SessionBounds.checkDuration("a JFR pinned event", duration);
        String kept = ForeignText.clean(carrierName, ForeignText.NAME_CHARS);
        String why = reason == null ? null : ForeignText.clean(reason, ForeignText.TEXT_CHARS);
        String operation = blockingOperation == null ? null : ForeignText.clean(blockingOperation, ForeignText.TEXT_CHARS);
        long[] bytes = {JFR_PIN_BYTES + SessionBounds.textBytes(kept) + (why == null ? 0 : SessionBounds.textBytes(why))
                + (operation == null ? 0 : SessionBounds.textBytes(operation))};
        List<StackFrame> stack = stacks.shared(frames, bytes);
        bounds.take("JFR pinned events", jfrPins.size() + 1L, bytes[0]);
        jfrPins.add(new JfrPin(threadId, start, duration, kept, why, operation, stack));
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
        bounds.checkTime("a JFR witness's start", start, -SessionBounds.MAX_NANOS);
        SessionBounds.checkDuration("a JFR witness", duration);
        String text = detail == null ? null : ForeignText.clean(detail, ForeignText.TEXT_CHARS);
        long[] bytes = {JFR_PIN_BYTES + (text == null ? 0 : SessionBounds.textBytes(text))};
        List<StackFrame> stack = stacks.shared(frames, bytes);
        bounds.take("JFR witnesses", witnesses.size() + 1L, bytes[0]);
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
    public synchronized long helloArrivedAt() { return bounds.helloAt(); }

    /** The session's time 0 on the target's own {@code System.nanoTime()} clock: marks made inside it go on the episodes' clock. */
    public synchronized long targetOrigin() { return targetOrigin; }

    synchronized void heartbeat(long t) {
        bounds.checkTime("a heartbeat", t, 0);
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
        return AttachedClassing.placedOnLanes(held(null));
    }

    /** The session as a recording whose held mounts the JDK's witnesses classed, with the counts and sites. */
    public record Classified(RunRecording recording, CauseReport causes) { }

    /**
     * {@link #toRecording(String, int)} with every held mount classed ({@link AttachedClassing}) by JFR's pinned events,
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
        return AttachedClassing.classified(this, mainClass, poolParallelism, everythingArrived, targetExited);
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
        return AttachedRecording.whole(held(mainClass), mainClass, poolParallelism);
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
        Newest newest;
        synchronized (this) {
            newest = AttachedRecording.newestHeld(held(mainClass), mainClass, poolParallelism, maxEpisodes, maxThreads,
                    pins, seen);
        }
        // outside the lock: the reader goes on taking the agent's lines while the copy is classed
        AttachedClassing.classLive(newest.recording(), pins, seen);
        return newest;
    }

    /**
     * What the session holds, as its recording and its classing read it: the live lists and columns, not copies, so
     * read only under the session's lock; {@code jvm} is the target as a run of {@code mainClass} names it.
     */
    record Held(List<Carrier> carriers, EpisodeColumns episodes, int threadCount, List<JfrPin> jfrPins,
                List<Witness> witnesses, String jfrNotTapped, long lastTime, String javaVersion, RunSource.Jvm jvm,
                long dropped, long notKeptHere) { }

    /** What the session holds now; the caller holds the session's lock while it reads it. */
    Held held(String mainClass) {
        assert Thread.holdsLock(this);
        return new Held(carriers, episodes, threads.size(), jfrPins, witnesses, jfrNotTapped, lastTime, javaVersion,
                jvm(mainClass), dropped(), notKeptHere);
    }
}
