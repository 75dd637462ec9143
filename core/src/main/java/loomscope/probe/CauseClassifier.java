package loomscope.probe;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import loomscope.recording.CarrierLog;
import loomscope.recording.MountCause;
import loomscope.recording.MountWhy;
import loomscope.recording.PinnedRule;
import loomscope.recording.RunRecording;

/**
 * Classes every mount that held its carrier — the carriers' clocks saw it blocked for the floor or more, or could not
 * tell — by the JDK's own witnesses, once a run is over and JFR has delivered everything:
 * <ul>
 * <li><b>pinned</b>: a {@code jdk.VirtualThreadPinned} event on its carrier (JDK 24+ names the carrier and posts the VM's
 * own pins: monitor enter, {@code Object.wait}, class initialisation), or on JDK 21, where that event covers parks only,
 * a {@code jdk.JavaMonitorEnter} or {@code jdk.JavaMonitorWait} placed by its time;</li>
 * <li><b>captured</b>: else a file or socket event placed by its time: a system call, which the JDK does not call a pin;</li>
 * <li>else a stack sampled while its carrier was held ({@link HeldSampler}): pinned where it shows a park, a wait or a
 * monitor, captured where it shows a native method ({@link HeldStacks});</li>
 * <li><b>stalled</b>: else safepoints covering at least half of its blocked time: the JVM held it;</li>
 * <li><b>unsure</b>: else. A block no witness explains is never drawn as not pinned, and never as pinned either; a
 * sampled stack with a Java frame on top stays with it, to say where.</li>
 * </ul>
 * Where the clocks could not measure a mount (a JVM without the kernel's counts, as on macOS), a pinned event on its
 * carrier still makes it pinned, and a witness placed by time does so where exactly one mount can have been its
 * thread's; where they measured it not blocked, it stays so. A workload whose own
 * phases decide its verdicts (its code says where it blocks) keeps them: its code is the witness.
 * docs/causes.md lists what each witness can and cannot tell on JDK 21 and 25.
 */
public final class CauseClassifier {
    private static final long FLOOR = PinnedRule.MIN_BLOCKED_NANOS;
    /** A witness placed by time alone goes to a mount that was not a candidate only if it lies this much inside it. */
    private static final double INSIDE_SHARE = 0.9;

    private CauseClassifier() { }

    /** What matched a mount: a pinned event or a witness. */
    private record Why(MountCause cause, String reason, List<StackFrame> stack, long nanos, long at) { }

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
        Map<Long, Why> found = new HashMap<>();
        if (recording.phasesDecide()) {
            for (PinnedEvent e : pins) {
                long key = best(carriers, sizes, e.carrierIndex(), e.start(), e.end(), true);
                if (key >= 0 && carriers[carrier(key)].pinned(mount(key))) {
                    found.putIfAbsent(key, new Why(MountCause.PINNED, reasonOf(e), e.stack(), e.duration(), e.start()));
                }
            }
            remember(recording, carriers, found);
            recording.markClassed();
            return counted(recording, true, null);
        }
        for (PinnedEvent e : pins) {
            long key = best(carriers, sizes, e.carrierIndex(), e.start(), e.end(), true, found);
            if (key < 0 && e.duration() >= FLOOR && e.carrierIndex() >= 0) {
                key = best(carriers, sizes, e.carrierIndex(), e.start(), e.end(), false);   // the clocks did not see it
            }
            if (key >= 0) {
                // the first witness of a mount stays: JFR's events come before other pinned witnesses (an attached
                // JVM's hook), and name a reason and a stack
                found.putIfAbsent(key, new Why(MountCause.PINNED, reasonOf(e), e.stack(), e.duration(), e.start()));
            }
        }
        for (Witness w : witnesses) {
            if (w.kind() == Witness.Kind.SAFEPOINT || w.kind() == Witness.Kind.HELD_STACK) {
                continue;   // placed by their own rules: stalls and heldStacks
            }
            MountCause cause = w.kind().pins() ? MountCause.PINNED : MountCause.CAPTURED;
            long key = best(carriers, sizes, -1, w.start(), w.end(), true, found);
            if (key < 0 && w.duration() >= FLOOR) {
                key = onlyMountAround(carriers, sizes, w.start(), w.end());
            }
            Why before = key < 0 ? null : found.get(key);
            if (key >= 0 && (before == null || before.cause() == MountCause.CAPTURED && cause == MountCause.PINNED)) {
                found.put(key, new Why(cause, w.describe(), w.stack(), w.duration(), w.start()));
            }
        }
        Map<Long, Why> whereOnly = heldStacks(carriers, sizes, witnesses, found);
        stalls(carriers, sizes, witnesses, found);
        whereOnly.forEach(found::putIfAbsent);
        for (int c = 0; c < carriers.length; c++) {
            for (int i = 0; i < sizes[c]; i++) {
                Why why = found.get(key(c, i));
                if (why != null) {
                    carriers[c].setCause(i, why.cause());
                } else if (carriers[c].pinned(i)) {
                    carriers[c].setCause(i, MountCause.UNSURE);   // the clocks saw a block no witness explains
                }
            }
        }
        remember(recording, carriers, found);
        recording.markClassed();
        return counted(recording, true, null);
    }

    /** The counts as the carriers' clocks left them, for a run without the witnesses ({@code why}: what was missing). */
    public static CauseReport notClassified(RunRecording recording, String why) {
        if (!recording.recordsMounts()) {
            return new CauseReport(false, "mounts are not recorded", -1, -1, -1, -1, List.of());
        }
        return counted(recording, false, why);
    }

    /**
     * Mounts a stack sampled while their carrier was held explains ({@link HeldStacks}): pinned or captured into
     * {@code found}; those whose stack shows only where (a Java frame on top) are returned, unsure with that stack, for
     * the mounts no later witness explains. The stack names its carrier and its instant lies in the mount.
     */
    private static Map<Long, Why> heldStacks(CarrierLog[] carriers, int[] sizes, List<Witness> witnesses, Map<Long, Why> found) {
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
            if (i < 0 || i >= sizes[c] || !(candidate(log, i) || unmeasured(log, i)) || found.containsKey(key(c, i))) {
                continue;
            }
            MountCause cause = HeldStacks.causeOf(w);
            Why why = new Why(cause == null ? MountCause.UNSURE : cause, w.describe(), w.stack(), w.duration(), w.end());
            if (cause != null) {
                found.put(key(c, i), why);
                whereOnly.remove(key(c, i));
            } else {
                whereOnly.putIfAbsent(key(c, i), why);
            }
        }
        return whereOnly;
    }

    /** Candidates still without a cause whose blocked time safepoints covered at least half of: stalled. */
    private static void stalls(CarrierLog[] carriers, int[] sizes, List<Witness> witnesses, Map<Long, Why> found) {
        Map<Long, long[]> covered = new HashMap<>();
        for (Witness w : witnesses) {
            if (w.kind() != Witness.Kind.SAFEPOINT) {
                continue;
            }
            for (int c = 0; c < carriers.length; c++) {
                CarrierLog log = carriers[c];
                if (log == null) {
                    continue;
                }
                for (int i = log.firstEndingAfter(w.start()); i < sizes[c] && log.start(i) <= w.end(); i++) {
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
                found.put(key, new Why(MountCause.STALLED, "safepoints covered " + Math.round(nanos[0] / 1e4) / 100.0 + " ms of it", List.of(), nanos[0], -1));
            }
        });
    }

    private static boolean candidate(CarrierLog log, int i) {
        return log.pinned(i) || log.unsure(i);
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
     * The mount overlapping [start, end] most, on carrier {@code carrier} (all carriers when -1), among the candidates
     * only or among all mounts; -1 if none.
     */
    private static long best(CarrierLog[] carriers, int[] sizes, int carrier, long start, long end, boolean candidates) {
        return best(carriers, sizes, carrier, start, end, candidates, Map.of());
    }

    /**
     * As above, a mount not yet in {@code taken} first: on JDK 21 a pinned event names no carrier, and two threads' pins
     * at once overlap both carriers' mounts.
     */
    private static long best(CarrierLog[] carriers, int[] sizes, int carrier, long start, long end, boolean candidates,
                             Map<Long, Why> taken) {
        long fresh = bestOf(carriers, sizes, carrier, start, end, candidates, taken);
        return fresh >= 0 || taken.isEmpty() ? fresh : bestOf(carriers, sizes, carrier, start, end, candidates, Map.of());
    }

    private static long bestOf(CarrierLog[] carriers, int[] sizes, int carrier, long start, long end, boolean candidates,
                               Map<Long, Why> taken) {
        long best = -1;
        long bestOverlap = 0;
        int from = carrier >= 0 ? carrier : 0;
        int to = carrier >= 0 ? Math.min(carrier + 1, carriers.length) : carriers.length;
        for (int c = from; c < to; c++) {
            CarrierLog log = carriers[c];
            if (log == null) {
                continue;
            }
            for (int i = log.firstEndingAfter(start); i < sizes[c] && log.start(i) <= end; i++) {
                if (candidates ? !candidate(log, i) : !unmeasured(log, i)) {
                    continue;
                }
                if (taken.containsKey(key(c, i))) {
                    continue;
                }
                long overlap = overlap(log, i, start, end);
                boolean inside = log.start(i) <= start && end <= log.end(i);   // also an event of no length
                if (overlap > bestOverlap || best < 0 && inside) {
                    best = key(c, i);
                    bestOverlap = overlap;
                }
            }
        }
        return best;
    }

    /** The one mount, of any carrier, that holds [start, end] almost whole; -1 if none or more than one do. */
    private static long onlyMountAround(CarrierLog[] carriers, int[] sizes, long start, long end) {
        long only = -1;
        for (int c = 0; c < carriers.length; c++) {
            CarrierLog log = carriers[c];
            if (log == null) {
                continue;
            }
            for (int i = log.firstEndingAfter(start); i < sizes[c] && log.start(i) <= end; i++) {
                if (unmeasured(log, i) && overlap(log, i, start, end) >= INSIDE_SHARE * (end - start)) {
                    if (only >= 0) {
                        return -1;
                    }
                    only = key(c, i);
                }
            }
        }
        return only;
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
        long[] counts = new long[MountCause.values().length];
        for (CarrierLog log : recording.carriersByIndex()) {
            if (log == null) {
                continue;
            }
            int size = log.size();
            for (int i = 0; i < size; i++) {
                MountCause cause = log.cause(i);
                if (cause != null) {
                    counts[cause.ordinal()]++;
                }
            }
        }
        return new CauseReport(classified, why, counts[MountCause.PINNED.ordinal()], counts[MountCause.CAPTURED.ordinal()],
                counts[MountCause.STALLED.ordinal()], counts[MountCause.UNSURE.ordinal()],
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
