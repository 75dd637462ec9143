package loomscope.probe;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import loomscope.recording.CarrierLog;
import loomscope.recording.MountClass;
import loomscope.recording.MountWhy;
import loomscope.recording.PinnedRule;
import loomscope.recording.RunRecording;

/**
 * Classes every mount that held its carrier — the carriers' clocks saw it blocked for the floor or more, or could not
 * tell — by the JDK's own witnesses: while a run goes ({@link #classifyLive}, as the witnesses arrive) and once it is
 * over and JFR has delivered everything ({@link #classify}). A witness speaks only for its own thread, so each is placed
 * by what it names:
 * <ul>
 * <li>one that names its carrier — JDK 24+'s {@code jdk.VirtualThreadPinned}, the agent's pinned-park hook, a stack
 * sampled while the carrier was held ({@link loomscope.clock.HeldSampler}) — explains the mount that carrier held at
 * its time;</li>
 * <li>one that names no carrier — JFR's file and socket events, JDK 21's pinned and monitor events (a stream loses a
 * virtual thread's {@code eventThread}, see JDK-FACTS) — explains a mount only if it lies inside it, and only where
 * exactly one mount, of any carrier and any verdict, can have been its thread's. An event that outlasts every mount
 * spanned a park (a socket read that parked): its thread was not mounted, and it explains nothing.</li>
 * </ul>
 * In that light, first match wins:
 * <ul>
 * <li><b>pinned</b>: a pinned event, or on JDK 21 a {@code jdk.JavaMonitorEnter} or {@code jdk.JavaMonitorWait};</li>
 * <li><b>captured</b>: else a file or socket event: a system call, which the JDK does not call a pin;</li>
 * <li>else a sampled stack: pinned where it shows a park, a wait or a monitor, captured where it shows a native method
 * and the kernel said the carrier was blocked ({@link HeldStacks});</li>
 * <li><b>stalled</b>: else safepoints covering at least half of its blocked time: the JVM held it;</li>
 * <li><b>unsure</b>: else. A block no witness explains is never drawn as not pinned, and never as pinned either; a
 * sampled stack with a Java frame on top stays with it, to say where.</li>
 * </ul>
 * Where the clocks could not measure a mount (a JVM without the kernel's counts, as on macOS), a pinned event on its
 * carrier still makes it pinned, and a witness placed by time does so under the same rule; where they measured it not
 * blocked, it stays so. A workload whose own phases decide its verdicts (its code says where it blocks) keeps them: its
 * code is the witness. docs/causes.md lists what each witness can and cannot tell, and what it could wrongly explain.
 */
public final class CauseClassifier {
    private static final long FLOOR = PinnedRule.MIN_BLOCKED_NANOS;
    /**
     * How far a witness placed by time may stray past a mount's edges and still lie inside it: JFR's times are placed on
     * the recording clock through {@link JfrClock}, whose error is tens of microseconds here.
     */
    static final long PLACEMENT_SLACK = 200_000;
    /** A {@code from} before every mount: the whole run (far enough from the long's end that arithmetic stays safe). */
    static final long WHOLE_RUN = Long.MIN_VALUE / 4;
    /** {@link #onlyMountAround}'s answer where a carrier's open mount may hold the witness: a later pass may place it. */
    private static final long WAIT = -2;

    private CauseClassifier() { }

    /** What matched a mount: a pinned event or a witness. */
    private record Why(MountClass cause, String reason, List<StackFrame> stack, long nanos, long at) { }

    /**
     * Keeps with the recording what the witness of each classed mount said, for the inspector and the sites: a stack's
     * text once per stack (5,000 pins share a handful), its site once with it.
     */
    private static void remember(RunRecording recording, CarrierLog[] carriers, Map<Long, Why> found) {
        Map<List<StackFrame>, List<String>> frames = new IdentityHashMap<>();
        Map<List<StackFrame>, String> sites = new IdentityHashMap<>();
        found.forEach((key, why) -> {
            CarrierLog log = carriers[carrier(key)];
            int i = mount(key);
            int blockedMicros = log.blockedMicros(i);
            long held = blockedMicros >= 0 ? blockedMicros * 1_000L : Math.min(why.nanos(), log.end(i) - log.start(i));
            recording.setWhy(carrier(key), i, new MountWhy(why.cause(), why.reason(),
                    frames.computeIfAbsent(why.stack(), CauseClassifier::frameTexts), why.at(),
                    sites.computeIfAbsent(why.stack(), CauseClassifier::frameOf), held));
        });
    }

    /** Frames as the JDK writes them, which {@link StackFrame#parse} reads back. */
    private static List<String> frameTexts(List<StackFrame> stack) {
        List<String> out = new ArrayList<>(stack.size());
        for (StackFrame f : stack) {
            out.add(f.toString());
        }
        return List.copyOf(out);
    }

    /**
     * Classes {@code recording}'s mounts (their verdicts change in place: call after the run, when its carriers have
     * stopped) and reports the counts and sites. Of several pinned witnesses of one mount the first in {@code pins}
     * names it. {@code complete}: whether JFR delivered every event; if not, nothing is
     * classed and the report says so.
     */
    public static CauseReport classify(RunRecording recording, List<PinnedEvent> pins, List<Witness> witnesses,
                                       boolean complete) {
        if (!recording.recordsMounts()) {
            return new CauseReport(false, "mounts are not recorded", -1, -1, -1, -1, List.of());
        }
        if (!complete) {
            return notClassified(recording, "JFR's stream stopped before delivering everything");
        }
        CarrierLog[] carriers = recording.carriersByIndex();
        int[] sizes = new int[carriers.length];
        for (int c = 0; c < carriers.length; c++) {
            sizes[c] = carriers[c] == null ? 0 : carriers[c].size();
        }
        if (recording.phasesDecide()) {
            Map<Long, Why> found = new HashMap<>();
            for (PinnedEvent e : pins) {
                long key = best(carriers, sizes, e.carrierIndex(), e.start(), e.end(), true);
                if (key >= 0 && carriers[carrier(key)].pinned(mount(key))) {
                    found.putIfAbsent(key, new Why(MountClass.PINNED, reasonOf(e), e.stack(), e.duration(), e.start()));
                }
            }
            remember(recording, carriers, found);
            recording.markClassed();
            return counted(recording, true, null);
        }
        Window all = new Window(carriers, sizes, new boolean[carriers.length], new long[carriers.length], WHOLE_RUN,
                Long.MAX_VALUE, null);
        Map<Long, Why> found = new HashMap<>();
        Map<Long, Why> whereOnly = place(all, pins, witnesses, found);
        for (int c = 0; c < carriers.length; c++) {
            for (int i = 0; i < sizes[c]; i++) {
                Why why = found.get(key(c, i));
                if (why != null) {
                    carriers[c].reclass(i, why.cause());
                } else if (carriers[c].heldByAnyWord(i)) {
                    carriers[c].reclass(i, MountClass.UNSURE);   // the clocks saw a block no witness explains
                }
            }
        }
        whereOnly.forEach(found::putIfAbsent);
        remember(recording, carriers, found);
        recording.markClassed();
        return counted(recording, true, null);
    }

    /**
     * Classes, while the run goes, the held mounts of {@code recording} that ended at {@code from} or later, by the
     * witnesses that have arrived ({@code pins} and {@code witnesses}: those that may explain them, at least all that
     * ended after {@code from}). A mount a witness explains takes its class at once (a pinned one turns red now, a
     * captured one pink); one none explains stays held, not yet classed, until it ended before {@code settledBefore},
     * when no witness can still come (JFR delivers within about a second): then it is unsure, as the run's end would
     * say. A witness whose thread may still be mounted (a carrier's open mount may hold it) waits for the next pass.
     * Call from one thread at a time; the run's end ({@link #classify}) classes everything anew.
     */
    public static void classifyLive(RunRecording recording, List<PinnedEvent> pins, List<Witness> witnesses, long from,
                                    long settledBefore) {
        classifyLive(recording, pins, witnesses, from, settledBefore, null);
    }

    /**
     * As above; {@code pending}, where not null, is given the witnesses that may still explain a mount not yet closed or
     * not yet settled: the next pass needs those only, with the new ones (its cost follows the rate of held mounts,
     * not how long witnesses are kept).
     */
    public static void classifyLive(RunRecording recording, List<PinnedEvent> pins, List<Witness> witnesses, long from,
                                    long settledBefore, Set<Object> pending) {
        from = Math.max(from, WHOLE_RUN);
        if (!recording.recordsMounts() || recording.phasesDecide()) {
            return;
        }
        CarrierLog[] carriers = recording.carriersByIndex();
        boolean[] open = new boolean[carriers.length];
        long[] openSince = new long[carriers.length];
        // each carrier's open mount before its size: a mount that closes in between is then seen twice (open and
        // closed, a witness inside it stays unplaced this pass), never missed (a witness wrongly alone in another)
        for (int c = 0; c < carriers.length; c++) {
            if (carriers[c] != null && carriers[c].openVt() >= 0) {
                open[c] = true;
                openSince[c] = carriers[c].openStart();
            }
        }
        int[] sizes = new int[carriers.length];
        for (int c = 0; c < carriers.length; c++) {
            sizes[c] = carriers[c] == null ? 0 : carriers[c].size();
        }
        Window window = new Window(carriers, sizes, open, openSince, from, settledBefore, pending);
        Map<Long, Why> found = new HashMap<>();
        Map<Long, Why> whereOnly = place(window, pins, witnesses, found);
        Map<Long, Why> keep = new HashMap<>();
        for (int c = 0; c < carriers.length; c++) {
            CarrierLog log = carriers[c];
            if (log == null) {
                continue;
            }
            for (int i = log.firstEndingAfter(from - 1); i < sizes[c]; i++) {
                if (!log.heldByAnyWord(i)) {
                    continue;
                }
                Why why = found.get(key(c, i));
                if (why != null) {
                    // a pass sees the witnesses that arrived since the last: a pin may come after a read, never the other
                    // way round undoes a pin
                    if (rank(why.cause()) > rank(log.mountClass(i)) || log.mountClass(i) == why.cause() && recording.whyOf(c, i) == null) {
                        log.reclass(i, why.cause());
                        keep.put(key(c, i), why);
                    }
                } else if (log.held(i) && log.end(i) < settledBefore) {
                    log.reclass(i, MountClass.UNSURE);   // no witness came: as the run's end would say
                    Why where = whereOnly.get(key(c, i));
                    if (where != null) {
                        keep.put(key(c, i), where);
                    }
                }
            }
        }
        remember(recording, carriers, keep);
    }

    /** How strongly a cause binds: a pin's witness outranks a system call's, which outranks a stall; none is lowest. */
    private static int rank(MountClass mountClass) {
        return switch (mountClass) {
            case NOT_HELD, HELD -> 0;
            case UNSURE -> 1;
            case STALLED -> 2;
            case CAPTURED -> 3;
            case PINNED -> 4;
        };
    }

    /**
     * The mounts the classifier looks at: each carrier's first {@code sizes[c]} closed mounts that ended at {@code from}
     * or later, and whether it has a mount open (since {@code openSince[c]}) that a witness may lie in.
     */
    private record Window(CarrierLog[] carriers, int[] sizes, boolean[] open, long[] openSince, long from,
                          long settledBefore, Set<Object> pending) {
        /** Whether carrier {@code c}'s open mount, if any, began by {@code t}: it may hold what happened at t. */
        boolean openBy(int c, long t) {
            return c >= 0 && c < open.length && open[c] && openSince[c] - PLACEMENT_SLACK <= t;
        }

        /** Keeps {@code witness} for a later pass (while the run goes; the run's end has no later pass). */
        void waitFor(Object witness) {
            if (pending != null) {
                pending.add(witness);
            }
        }
    }

    /**
     * Places every witness on the mount it explains into {@code found} (pinned before captured, the first witness of a
     * mount named in it) and returns the mounts only a sampled stack with a Java frame on top explains: unsure, with
     * where.
     */
    private static Map<Long, Why> place(Window window, List<PinnedEvent> pins, List<Witness> witnesses,
                                        Map<Long, Why> found) {
        CarrierLog[] carriers = window.carriers();
        int[] sizes = window.sizes();
        for (PinnedEvent e : pins) {
            long key;
            if (e.carrierIndex() >= 0) {
                // it names its carrier: the mount that carrier held then is its thread's
                key = best(carriers, sizes, e.carrierIndex(), e.start(), e.end(), true);
                if (key < 0 && e.duration() >= FLOOR) {
                    key = best(carriers, sizes, e.carrierIndex(), e.start(), e.end(), false);   // the clocks did not see it
                }
                if (key < 0 && window.openBy(e.carrierIndex(), e.end())) {
                    window.waitFor(e);   // its mount is still open
                }
            } else {
                key = onlyMountAround(window, e.start(), e.end());   // JDK 21's: no carrier, placed by time alone
                if (key == WAIT) {
                    window.waitFor(e);
                }
            }
            if (key >= 0) {
                // the first witness of a mount stays: JFR's events come before other pinned witnesses (an attached
                // JVM's hook), and name a reason and a stack
                found.putIfAbsent(key, new Why(MountClass.PINNED, reasonOf(e), e.stack(), e.duration(), e.start()));
            }
        }
        for (Witness w : witnesses) {
            if (w.kind() == Witness.Kind.SAFEPOINT || w.kind() == Witness.Kind.HELD_STACK) {
                continue;   // placed by their own rules: stalls and heldStacks
            }
            MountClass cause = w.kind().pins() ? MountClass.PINNED : MountClass.CAPTURED;
            long key = onlyMountAround(window, w.start(), w.end());
            if (key == WAIT) {
                window.waitFor(w);
            }
            Why before = key < 0 ? null : found.get(key);
            if (key >= 0 && (before == null || before.cause() == MountClass.CAPTURED && cause == MountClass.PINNED)) {
                found.put(key, new Why(cause, w.describe(), w.stack(), w.duration(), w.start()));
            }
        }
        Map<Long, Why> whereOnly = heldStacks(window, witnesses, found);
        stalls(carriers, sizes, witnesses, found, window.from());
        for (Witness w : witnesses) {
            if (w.kind() == Witness.Kind.SAFEPOINT && w.end() >= window.settledBefore()) {
                window.waitFor(w);   // a mount it covers may not be settled yet
            }
        }
        return whereOnly;
    }

    /**
     * The counts as the carriers' clocks left them, for a run without the witnesses ({@code why}: what was missing). A
     * mount still held, not yet classed, takes the clocks' word: pinned, as a run without witnesses has always said.
     */
    public static CauseReport notClassified(RunRecording recording, String why) {
        if (!recording.recordsMounts()) {
            return new CauseReport(false, "mounts are not recorded", -1, -1, -1, -1, List.of());
        }
        for (CarrierLog log : recording.carriersByIndex()) {
            if (log == null || log.heldCount() == 0) {
                continue;
            }
            int size = log.size();
            for (int i = 0; i < size; i++) {
                if (log.held(i)) {
                    log.reclass(i, MountClass.PINNED);
                }
            }
        }
        return counted(recording, false, why);
    }

    /**
     * Mounts a stack sampled while their carrier was held explains ({@link HeldStacks}): pinned or captured into
     * {@code found}; those whose stack shows only where (a Java frame on top) are returned, unsure with that stack, for
     * the mounts no later witness explains. The stack names its carrier and its instant lies in the mount.
     */
    private static Map<Long, Why> heldStacks(Window window, List<Witness> witnesses, Map<Long, Why> found) {
        CarrierLog[] carriers = window.carriers();
        int[] sizes = window.sizes();
        Map<Long, Why> whereOnly = new HashMap<>();
        Map<String, Integer> byName = null;
        for (Witness w : witnesses) {
            if (w.kind() != Witness.Kind.HELD_STACK) {
                continue;
            }
            if (byName == null) {
                byName = new HashMap<>();
                for (int c = 0; c < carriers.length; c++) {
                    if (carriers[c] != null) {
                        byName.putIfAbsent(carriers[c].name(), c);
                    }
                }
            }
            Integer c = byName.get(w.heldCarrier());
            if (c == null) {
                continue;
            }
            CarrierLog log = carriers[c];
            int i = log.mountAt(w.end());
            if (i < 0 || i >= sizes[c]) {
                if (window.openBy(c, w.end())) {
                    window.waitFor(w);   // taken while its mount goes on: it explains it once it ends
                }
                continue;
            }
            if (!(candidate(log, i) || unmeasured(log, i))) {
                continue;
            }
            Why before = found.get(key(c, i));
            if (before != null) {
                if (before.cause() == MountClass.PINNED && before.stack().isEmpty() && !w.stack().isEmpty()) {
                    // a pin's witness that names no stack (an attached JVM's pinned-park hook, at once; JFR's event with
                    // its stack comes a second later, on 21 only where its time places it): the stack sampled in the
                    // same mount, its own thread's, says where
                    found.put(key(c, i), new Why(before.cause(), before.reason(), w.stack(), before.nanos(), before.at()));
                }
                continue;
            }
            MountClass cause = HeldStacks.causeOf(w);
            Why why = new Why(cause == null ? MountClass.UNSURE : cause, w.describe(), w.stack(), w.duration(), w.end());
            if (cause != null) {
                found.put(key(c, i), why);
                whereOnly.remove(key(c, i));
            } else {
                whereOnly.putIfAbsent(key(c, i), why);
                if (log.end(i) >= window.settledBefore()) {
                    window.waitFor(w);   // says where once its mount is settled unsure, if nothing says why first
                }
            }
        }
        return whereOnly;
    }

    /** Candidates still without a cause whose blocked time safepoints covered at least half of: stalled. */
    private static void stalls(CarrierLog[] carriers, int[] sizes, List<Witness> witnesses, Map<Long, Why> found, long from) {
        Map<Long, long[]> covered = new HashMap<>();
        for (Witness w : witnesses) {
            if (w.kind() != Witness.Kind.SAFEPOINT || w.end() < from) {
                continue;
            }
            for (int c = 0; c < carriers.length; c++) {
                CarrierLog log = carriers[c];
                if (log == null) {
                    continue;
                }
                for (int i = log.firstEndingAfter(Math.max(w.start(), from - 1)); i < sizes[c] && log.start(i) <= w.end(); i++) {
                    if (candidate(log, i) && !found.containsKey(key(c, i))) {
                        covered.computeIfAbsent(key(c, i), k -> new long[1])[0] += overlap(log, i, w.start(), w.end());
                    }
                }
            }
        }
        covered.forEach((key, nanos) -> {
            CarrierLog log = carriers[carrier(key)];
            int blockedMicros = log.blockedMicros(mount(key));
            long blocked = blockedMicros >= 0 ? blockedMicros * 1_000L : FLOOR;
            if (nanos[0] * 2 >= Math.max(blocked, FLOOR)) {
                found.put(key, new Why(MountClass.STALLED, "safepoints covered " + Math.round(nanos[0] / 1e4) / 100.0 + " ms of it", List.of(), nanos[0], -1));
            }
        });
    }

    /** Whether a witness may class this mount: it held its carrier, or may have, by any word so far. */
    private static boolean candidate(CarrierLog log, int i) {
        return log.heldByAnyWord(i);
    }

    /**
     * Whether the clocks could not measure this mount (no kernel counts, as on macOS): only then may a witness class a
     * mount they did not see blocked. Where they measured it not blocked, its time went on a CPU (a read from the page
     * cache is the kernel's CPU time), and the carrier was not held waiting.
     */
    private static boolean unmeasured(CarrierLog log, int i) {
        return log.blockedMicros(i) < 0;
    }

    /**
     * The mount of carrier {@code carrier} overlapping [start, end] most, among the candidates only or among the mounts
     * the clocks could not measure; -1 if none. For a witness that names its carrier.
     */
    private static long best(CarrierLog[] carriers, int[] sizes, int carrier, long start, long end, boolean candidates) {
        long best = -1;
        long bestOverlap = 0;
        CarrierLog log = carrier >= 0 && carrier < carriers.length ? carriers[carrier] : null;
        if (log == null) {
            return -1;
        }
        for (int i = log.firstEndingAfter(start); i < sizes[carrier] && log.start(i) <= end; i++) {
            if (candidates ? !candidate(log, i) : !unmeasured(log, i)) {
                continue;
            }
            long overlap = overlap(log, i, start, end);
            boolean inside = log.start(i) <= start && end <= log.end(i);   // also an event of no length
            if (overlap > bestOverlap || best < 0 && inside) {
                best = key(carrier, i);
                bestOverlap = overlap;
            }
        }
        return best;
    }

    /**
     * For a witness that names no carrier, [start, end] being the time its thread spent in one call: the mount it lies
     * inside, where that mount can only have been its thread's: -1 unless exactly one mount, of any carrier and any
     * verdict, was mounted at {@code start} (within {@link #PLACEMENT_SLACK}), exactly one at {@code end}, and both are
     * the same mount. Its thread was mounted when the call began and when it returned; had it parked in between (a
     * socket read that parked), its mount at the start ended before the end, and any other carrier's mount that held
     * the whole call could have been another thread's only. A carrier's open mount that began by {@code end} may be its
     * thread's: not placed yet. A mount the clocks could not call blocked (unsure) is held by no system call it could
     * prove: only one they saw blocked, or could not measure, is explained.
     */
    private static long onlyMountAround(Window window, long start, long end) {
        CarrierLog[] carriers = window.carriers();
        long atStart = -1;
        long atEnd = -1;
        for (int c = 0; c < carriers.length; c++) {
            CarrierLog log = carriers[c];
            if (log == null) {
                continue;
            }
            if (window.openBy(c, end)) {
                return WAIT;
            }
            for (int i = log.firstEndingAfter(start - PLACEMENT_SLACK); i < window.sizes()[c]
                    && log.start(i) - PLACEMENT_SLACK <= end; i++) {
                boolean coversStart = log.start(i) - PLACEMENT_SLACK <= start && start <= log.end(i) + PLACEMENT_SLACK;
                boolean coversEnd = log.start(i) - PLACEMENT_SLACK <= end && end <= log.end(i) + PLACEMENT_SLACK;
                if (coversStart) {
                    if (atStart >= 0) {
                        return -1;   // two mounts at its start: either can have been its thread's
                    }
                    atStart = key(c, i);
                }
                if (coversEnd) {
                    if (atEnd >= 0) {
                        return -1;
                    }
                    atEnd = key(c, i);
                }
            }
        }
        if (atStart < 0 || atStart != atEnd) {
            return -1;
        }
        CarrierLog log = carriers[carrier(atStart)];
        int i = mount(atStart);
        return log.pinned(i) || log.held(i) || log.captured(i) || log.stalled(i) || unmeasured(log, i) ? atStart : -1;
    }

    private static long overlap(CarrierLog log, int i, long start, long end) {
        return Math.max(0, Math.min(end, log.end(i)) - Math.max(start, log.start(i)));
    }

    private static String reasonOf(PinnedEvent e) {
        if (e.reason() != null) {
            return e.blockingOperation() == null ? e.reason() : e.blockingOperation() + ": " + e.reason();
        }
        return e.blockingOperation();   // JDK 21 names neither: null
    }

    /** The counts from the verdicts as they now stand, and the sites of the mounts a witness explained. */
    private static CauseReport counted(RunRecording recording, boolean classified, String why) {
        long[] counts = new long[MountClass.values().length];
        for (CarrierLog log : recording.carriersByIndex()) {
            if (log == null) {
                continue;
            }
            int size = log.size();
            for (int i = 0; i < size; i++) {
                counts[log.mountClass(i).ordinal()]++;
            }
        }
        return new CauseReport(classified, why, counts[MountClass.PINNED.ordinal()], counts[MountClass.CAPTURED.ordinal()],
                counts[MountClass.STALLED.ordinal()], counts[MountClass.UNSURE.ordinal()],
                classified ? SiteTable.of(recording) : List.of());
    }

    /** The site: the first frame outside the JDK, as "pkg.Class.method:line". */
    static String frameOf(List<StackFrame> stack) {
        StackFrame top = null;
        for (StackFrame f : stack) {
            if (f.isApplication()) {
                top = f;
                break;
            }
        }
        if (top == null) {
            return stack.isEmpty() ? "(no stack)" : "(only the JDK's frames) " + stack.get(0).className() + "." + stack.get(0).methodName();
        }
        return top.className() + "." + top.methodName() + (top.line() >= 0 ? ":" + top.line() : "");
    }

    private static long key(int carrier, int mount) {
        return (long) carrier << 32 | mount;
    }

    private static int carrier(long key) {
        return (int) (key >>> 32);
    }

    private static int mount(long key) {
        return (int) key;
    }
}
