package loomscope.recording;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;

import loomscope.workload.Phase;
import loomscope.workload.TaskShape;
import loomscope.workload.WorkloadConfig;

/**
 * What really happened in one run: every mount of every virtual thread on every carrier, and every task's
 * phase times. It is the single source of truth that the lanes, the thread field, replay, the probes'
 * cross-check and the exports read. It is written while the run goes, by its {@link RunRecorder} (carriers and
 * tasks write their own slots, no locks), or rebuilt by a {@link RecordingBuilder}, and can be read at the same time
 * from any thread.
 * <p>
 * All times are nanoseconds since the recording's origin; {@link #runStart()} is when the clock started.
 */
public final class RunRecording {

    /**
     * A blocking interval still open for less than this on a live carrier is the thread on its way to unmount. (A
     * finished mount is judged by {@link PinnedRule}, whose floor is longer: it is decided once, not redrawn.)
     */
    public static final long BLOCK_THRESHOLD_NANOS = 100_000;

    private static final int NEVER_SUBMITTED = -3;
    private static final int QUEUED = -2;
    private static final int UNMOUNTED = -1;

    private final WorkloadConfig config;
    /** The config's task shape, read once: the drawing asks it per mount. */
    private final TaskShape shape;
    private final AtomicInteger tasksThrew = new AtomicInteger();
    private final AtomicReference<Thrown> firstThrow = new AtomicReference<>();
    private final String jdkVersion;
    private final long origin;
    private final PhaseTable phases;
    private final AtomicIntegerArray mountedOn;
    private final long[] pendingSubmit;
    private volatile CarrierLog[] carriers = new CarrierLog[0];
    /** What the witnesses said of the held mounts they classed, by carrier index and mount: set once, after the run. */
    private final Map<Long, MountWhy> whys = new ConcurrentHashMap<>();
    private volatile long runStart = -1;
    private volatile long runEnd = -1;
    private volatile int completedAtEnd;
    private volatile boolean cancelled;
    /** Episodes an attached JVM's agent dropped (its carriers' buffers full): where they were, gaps are not idle. */
    private volatile long droppedInTarget;
    /** Whether its events came from another JVM than this one (a child's stream). */
    private final boolean inAnotherJvm;
    /** Where it came from, where a reader cannot tell it from the config (an application); null: asked of the config. */
    private volatile RunSource.Application application;

    public RunRecording(WorkloadConfig config, String jdkVersion) {
        this(config, jdkVersion, System.nanoTime(), false);
    }

    RunRecording(WorkloadConfig config, String jdkVersion, long origin) {
        this(config, jdkVersion, origin, false);
    }

    private RunRecording(WorkloadConfig config, String jdkVersion, long origin, boolean inAnotherJvm) {
        this.config = config;
        this.inAnotherJvm = inAnotherJvm;
        this.shape = config.shape();
        this.jdkVersion = jdkVersion;
        this.origin = origin;
        this.phases = new PhaseTable(config.threads());
        this.mountedOn = new AtomicIntegerArray(config.threads());
        this.pendingSubmit = new long[config.threads()];
        for (int i = 0; i < config.threads(); i++) {
            mountedOn.setPlain(i, NEVER_SUBMITTED);
        }
    }

    /** For this JVM's runs. */
    public static RunRecording forThisJvm(WorkloadConfig config) {
        return new RunRecording(config, Runtime.version().toString());
    }

    /**
     * For a run in another JVM (loomscope.runs): that JVM's clock cannot be read here, so its events arrive
     * as nanos since its own origin and are fed in as {@code origin() + relative}. This recording's clock
     * starts now, which the feeder makes the moment the child's stream began.
     */
    public static RunRecording forAnotherJvm(WorkloadConfig config, String childJdkVersion) {
        return new RunRecording(config, childJdkVersion, System.nanoTime(), true);
    }

    /**
     * Where this run came from: an application where one was recorded ({@link RecordingBuilder#application}); else
     * your code where the scenario runs a class of yours; else a scenario, in a child JVM or in this one.
     */
    public RunSource source() {
        RunSource.Application a = application;
        if (a != null) {
            return a;
        }
        String yourClass = config.scenario().yourCodeClass();
        if (yourClass != null) {
            return new RunSource.YourCode(yourClass);
        }
        return inAnotherJvm ? new RunSource.ChildJvm() : new RunSource.ThisJvm();
    }

    /** For {@link RecordingBuilder}: the application this recording is of. */
    void restoreApplication(RunSource.Application app) {
        application = app;
    }

    /** The {@link System#nanoTime()} value that is time 0 of this recording. */
    public long origin() { return origin; }

    // ---- written by its recorder (RunRecorder), while the run goes ----

    /** The run's start, relative to the origin. */
    void started(long start) { runStart = start; }

    /** The run's end, relative to the origin. */
    void ended(long end, int completed, boolean wasCancelled) {
        completedAtEnd = completed;
        cancelled = wasCancelled;
        runEnd = end;
    }

    synchronized void addCarrier(int index, String name, long seenAt) {
        CarrierLog[] current = carriers;
        CarrierLog[] grown = Arrays.copyOf(current, Math.max(current.length, index + 1));
        grown[index] = new CarrierLog(index, name, seenAt, index >= config.parallelism());
        carriers = grown;
    }

    /** {@code vt} was submitted at {@code at}: it waits for a carrier. */
    void queued(int vt, long at) {
        pendingSubmit[vt] = at;
        mountedOn.set(vt, QUEUED);
    }

    /** {@code vt} mounted on {@code carrier} at {@code start}. */
    void mounted(int carrier, int vt, long start) {
        mountedOn.set(vt, carrier);
        carrierLog(carrier).open(vt, start);
    }

    /** {@code vt}'s mount on {@code carrier} ended at {@code end}: kept with its class. */
    void unmounted(int carrier, int vt, long end, long blockedNanos) {
        CarrierLog log = carrierLog(carrier);
        long start = log.openStart();
        MountClass mountClass;
        if (!PinnedRule.measured(blockedNanos) || phasesDecide()) {
            mountClass = phasesSayBlocked(vt, start, end) ? MountClass.PINNED : MountClass.NOT_HELD;
        } else {
            // a run whose witnesses class its mounts as it goes: held, not yet classed, until one says why; any other
            // draws the clocks' held as pinned at once (the generic rule), and its witnesses may class it anew after
            MountClass clocks = PinnedRule.clocksSay(blockedNanos);
            mountClass = clocks == MountClass.HELD && !expectsWitnesses ? MountClass.PINNED : clocks;
        }
        log.close(vt, pendingSubmitOf(vt, start), start, end, mountClass, blockedNanos);
        // A new submit (or another carrier's mount) may already have happened: only clear our own mark.
        mountedOn.compareAndSet(vt, carrier, UNMOUNTED);
    }

    /**
     * The submit that led to this mount. Read after mountStarted, before the thread can be submitted again
     * (a thread is submitted only once it has unmounted), except when its next submit races the end of this
     * mount; then the value is later than start and we fall back to start.
     */
    private long pendingSubmitOf(int vt, long start) {
        long s = pendingSubmit[vt];
        return s <= start ? s : start;
    }

    void phaseAt(int vt, Phase phase, long at) {
        phases.set(vt, phase, at);
    }

    /** A task's own code threw: counted; the first one's thread and stack kept. */
    void threw(int vt, String stack) {
        tasksThrew.incrementAndGet();
        if (stack != null && !stack.isEmpty()) {
            firstThrow.compareAndSet(null, new Thrown(vt, stack));
        }
    }

    /** The first exception a task's own code threw: its thread and its stack, bounded. */
    public record Thrown(int vt, String stack) { }

    /** How many tasks' own code threw (a task file's run). */
    public int tasksThrew() { return tasksThrew.get(); }

    /** The first of them, or null. */
    public Thrown firstThrow() { return firstThrow.get(); }

    /** For {@link RecordingBuilder}: a carrier read back from a file, with its saved facts. */
    synchronized void restoreCarrier(CarrierLog log) {
        CarrierLog[] current = carriers;
        CarrierLog[] grown = Arrays.copyOf(current, Math.max(current.length, log.index() + 1));
        grown[log.index()] = log;
        carriers = grown;
    }

    /** For {@link RecordingBuilder}: the run's start and end as saved (relative to the origin). */
    void restoreRunFacts(long start, long end, int completed, boolean wasCancelled) {
        runStart = start;
        completedAtEnd = completed;
        cancelled = wasCancelled;
        runEnd = end;
    }

    /** For {@link RecordingBuilder}: what the attached JVM's agent dropped and counted. */
    void restoreDroppedInTarget(long dropped) {
        droppedInTarget = Math.max(0, dropped);
    }

    private CarrierLog carrierLog(int carrier) {
        CarrierLog[] logs = carriers;
        if (carrier < logs.length && logs[carrier] != null) {
            return logs[carrier];
        }
        synchronized (this) {
            return carriers[carrier];
        }
    }

    // ---- reading ----

    public WorkloadConfig config() { return config; }

    public String jdkVersion() { return jdkVersion; }

    public int threads() { return config.threads(); }

    /** Nanos since origin when the clock started, or -1 before. */
    public long runStart() { return runStart; }

    /** Episodes of an attached JVM its agent dropped and counted, not recorded; 0 for LoomScope's own runs. */
    public long droppedInTarget() { return droppedInTarget; }

    /** Nanos since origin when the last task ended, or -1 while running. */
    public long runEnd() { return runEnd; }

    public boolean isFinished() { return runEnd >= 0; }

    /**
     * When the finished run settled: its last task ends at {@link #runEnd()}, its carrier unmounts it a moment later.
     * Replay, clips and the lanes' whole-run axis end here. {@link #now()} while running.
     */
    public long settledEnd() {
        if (!isFinished()) {
            return now();
        }
        long end = runEnd;
        for (CarrierLog log : carriers()) {
            int n = log.size();
            if (n > 0) {
                end = Math.max(end, log.end(n - 1));
            }
        }
        return end;
    }

    public boolean wasCancelled() { return cancelled; }

    public int completedAtEnd() { return completedAtEnd; }

    /** Now, on the recording's clock. */
    public long now() { return System.nanoTime() - origin; }

    public boolean recordsMounts() { return config.recordsMounts(); }

    /** Phase time of a task, nanos since origin, or -1 if not reached (yet). */
    public long phase(int vt, Phase phase) { return phases.get(vt, phase); }

    /** Carriers seen so far, by index (none for runs whose mounts are not recorded). */
    public CarrierLog[] carriers() {
        CarrierLog[] logs = carriers;
        int n = 0;
        while (n < logs.length && logs[n] != null) {
            n++;
        }
        return n == logs.length ? logs.clone() : Arrays.copyOf(logs, n);
    }

    /**
     * Every carrier's log at its own index, null where a carrier exists but has not reported its start yet.
     * Carriers start in any order, so carrier 1 may already run a thread while carrier 0 is still starting;
     * {@link #carriers()} stops at that gap (lanes are drawn in order), but a check that looks a carrier up by
     * its index while the run goes must see carrier 1 then.
     */
    /** Counts the times the JDK's witnesses classed this recording's mounts anew: a picture drawn before is stale. */
    private volatile int classed;
    /** Whether the JDK's witnesses class this run's held mounts while it goes ({@link #expectWitnesses}). */
    private volatile boolean expectsWitnesses;

    /**
     * Says that the JDK's witnesses will class this run's held mounts while it goes and at its end: from now on a mount
     * its clocks see blocked is held, not yet classed ({@link CarrierLog#held}), not pinned, until a witness says why.
     * Red is a pin's witness's word, never the clocks' alone. Call before the run's first mount, or as soon after as
     * the probes attach.
     */
    public void expectWitnesses() {
        expectsWitnesses = true;
    }

    /** Whether {@link #expectWitnesses} was called. */
    public boolean expectsWitnesses() {
        return expectsWitnesses;
    }

    /** Marks the mounts classed anew ({@code loomscope.probe.CauseClassifier}, once their verdicts are set). */
    public void markClassed() {
        classed++;
    }

    /** How many times the mounts were classed anew: a view that drew a finished run redraws it when this changes. */
    public int classed() {
        return classed;
    }

    /** Keeps what a witness said of mount {@code mount} of the carrier with index {@code carrier} (after the run). */
    public void setWhy(int carrier, int mount, MountWhy why) {
        whys.put((long) carrier << 32 | mount, why);
    }

    /** Whether any witness's word is kept (a run the JDK's witnesses classed, with something held). */
    public boolean hasWhys() {
        return !whys.isEmpty();
    }

    /** What a witness said of that mount, or null: none classed it, or it was not held. */
    public MountWhy whyOf(int carrier, int mount) {
        return whys.get((long) carrier << 32 | mount);
    }

    public CarrierLog[] carriersByIndex() {
        return carriers.clone();
    }

    public int carrierCount() { return carriers().length; }

    /** Tasks that have reached DONE so far. */
    public int doneCount() {
        int done = 0;
        for (int vt = 0; vt < threads(); vt++) {
            if (phases.get(vt, Phase.DONE) >= 0) {
                done++;
            }
        }
        return done;
    }

    /**
     * Tasks seen to have done all their work: DONE after a sleep that lasted its full time. For a run whose end
     * never arrived (a killed or crashed child JVM), where the workload's own count is lost: DONE alone also
     * marks tasks that skipped or cut short their sleep after a cancel. Thread.sleep returns normally only
     * after its whole time, so a shorter SLEEP_START..SLEEP_END was cut short; the one case this can still
     * miscount is an interrupt that lands in the instant between the sleep's deadline and its wake-up.
     */
    public int doneAfterFullSleepCount() {
        int done = 0;
        for (int vt = 0; vt < threads(); vt++) {
            if (doneAfterFullSleep(vt)) {
                done++;
            }
        }
        return done;
    }

    private boolean doneAfterFullSleep(int vt) {
        long sleepStart = phases.get(vt, Phase.SLEEP_START);
        long sleepEnd = phases.get(vt, Phase.SLEEP_END);
        return phases.get(vt, Phase.DONE) >= 0 && sleepStart >= 0 && sleepEnd >= 0
                && sleepEnd - sleepStart >= shape.sleepMillis() * 1_000_000L;
    }

    /**
     * Whether {@code vt}, at or after instant {@code t}, is a task that Stop ended before its work was done (or
     * that never started because of it): only in a run that was stopped, and only once the thread has ended, or
     * the run has ended without starting it. A completed run has none.
     */
    public boolean endedByStop(int vt, long t) {
        if (!cancelled) {
            return false;
        }
        long done = phases.get(vt, Phase.DONE);
        if (done >= 0) {
            return t >= done && !doneAfterFullSleep(vt);
        }
        return phases.get(vt, Phase.CREATED) < 0 && runEnd >= 0 && t >= runEnd;
    }

    /** The carrier {@code vt} is mounted on right now, or -1. */
    public int liveCarrierOf(int vt) {
        int c = mountedOn.get(vt);
        return c >= 0 ? c : -1;
    }

    /** Whether {@code vt} has been submitted and waits for a carrier right now. */
    public boolean liveQueued(int vt) { return mountedOn.get(vt) == QUEUED; }

    public boolean liveNeverSubmitted(int vt) { return mountedOn.get(vt) == NEVER_SUBMITTED; }

    /**
     * Whether this run's code reports where it can block (the seed workload's phases): then its phase rule decides
     * what is drawn pinned, exactly, and the carriers' clocks are its cross-check. They also see the JVM's own
     * stalls (measured: up to 3 in 2,000 mounts, 1-7 ms each, on a busy 2-core machine), which would otherwise
     * show as pins in the demo that must show none.
     */
    public boolean phasesDecide() {
        return shape.phasesDecide();
    }

    /**
     * The seed workload's own rule, kept as a cross-check of the generic one ({@link PinnedRule}) and used where a
     * JVM cannot measure a carrier's CPU time: whether {@code vt} slept, or waited at least the generic rule's floor
     * for its lock, entirely within [start, end]. It knows only the seed's phases.
     */
    public boolean phasesSayBlocked(int vt, long start, long end) {
        long sleepStart = phases.get(vt, Phase.SLEEP_START);
        long sleepEnd = phases.get(vt, Phase.SLEEP_END);
        if (sleepCanBlock() && sleepStart >= start && sleepEnd >= 0 && sleepEnd <= end && sleepEnd > sleepStart) {
            return true;
        }
        if (!lockCanBlock()) {
            return false;
        }
        long requested = phases.get(vt, Phase.LOCK_REQUESTED);
        long acquired = phases.get(vt, Phase.LOCK_ACQUIRED);
        return requested >= start && acquired >= 0 && acquired <= end
                && acquired - requested >= PinnedRule.MIN_BLOCKED_NANOS;
    }

    /**
     * Only the shared lock can make a task wait for another holder. Per-task locks are never contended: a slow
     * first acquire there is class loading or lock inflation, not blocking (seen: 158 µs on the first task).
     */
    public boolean lockCanBlock() {
        return shape.lockMode().sharedByAllTasks();
    }

    /** With a zero sleep the task never calls Thread.sleep: its sleep phases mark an instant, not a block. */
    public boolean sleepCanBlock() {
        return shape.sleepMillis() > 0;
    }

    /** Approximate heap held by this recording's arrays. */
    public long approximateBytes() {
        long bytes = phases.bytes() + (long) threads() * (Integer.BYTES + Long.BYTES);
        for (CarrierLog log : carriers()) {
            bytes += log.bytes();
        }
        return bytes;
    }
}
