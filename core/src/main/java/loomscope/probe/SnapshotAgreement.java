package loomscope.probe;

import java.util.ArrayList;
import java.util.List;

import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;

/**
 * Does the JDK agree with our recording? For every workload thread a snapshot saw mounted, the recording
 * must hold a mount of that thread on that same carrier at the instant the JDK looked.
 * <p>
 * No tolerance is needed in-process: the carrier pool reports a mount before it runs the continuation and
 * its end after the continuation returns, so every recorded mount contains the JDK's own mount, and a
 * sample's window [sampledFrom, sampledTo] brackets the instant the carrier field was read. Snapshots from
 * another JVM come with a clock-mapping error, passed as {@code toleranceNanos}.
 *
 * @param takenAt      the snapshot's time on the recording clock
 * @param mounted      workload threads the snapshot saw on a carrier, with a placeable time
 * @param matched      of those, the ones the recording has on the same carrier at that time
 * @param wrongCarrier the recording has them mounted then, but on another carrier
 * @param notMounted   the recording has them on no carrier then
 * @param firstMismatches up to 10 task indices that did not match, for a closer look
 */
public record SnapshotAgreement(long takenAt, int mounted, int matched, int wrongCarrier, int notMounted,
                                List<Integer> firstMismatches) {

    private static final int KEEP_MISMATCHES = 10;

    public SnapshotAgreement {
        firstMismatches = List.copyOf(firstMismatches);
    }

    /** Matched over mounted, 0..1; NaN when the snapshot saw no mounted thread (nothing to check). */
    public double share() {
        return mounted == 0 ? Double.NaN : (double) matched / mounted;
    }

    public static SnapshotAgreement of(ThreadSnapshot snapshot, RunRecording recording) {
        return of(snapshot, recording, 0);
    }

    /**
     * Checks one snapshot. Call it while the run goes (an open mount counts) or after (all mounts closed).
     *
     * @throws IllegalArgumentException if the recording has no mounts or the snapshot no carriers to compare
     */
    public static SnapshotAgreement of(ThreadSnapshot snapshot, RunRecording recording, long toleranceNanos) {
        if (!recording.recordsMounts()) {
            throw new IllegalArgumentException("this run's mounts are not recorded (default scheduler or platform threads)");
        }
        if (!snapshot.reportsCarriers()) {
            throw new IllegalArgumentException("a " + snapshot.jdkVersion() + " " + snapshot.source().label()
                    + " snapshot does not report carriers");
        }
        CarrierLog[] carriers = recording.carriersByIndex();
        int mounted = 0;
        int matched = 0;
        int wrong = 0;
        int none = 0;
        List<Integer> mismatches = new ArrayList<>();
        long now = recording.now();
        for (ThreadSample s : snapshot.samples()) {
            if (s.taskIndex() < 0 || !s.mounted() || s.sampledFrom() < 0) {
                continue;
            }
            mounted++;
            long from = s.sampledFrom() - toleranceNanos;
            long to = s.sampledTo() + toleranceNanos;
            int c = s.carrierIndex();
            if (c >= 0 && c < carriers.length && carriers[c] != null && heldWithin(carriers[c], s.taskIndex(), from, to, now)) {
                matched++;
                continue;
            }
            if (mismatches.size() < KEEP_MISMATCHES) {
                mismatches.add(s.taskIndex());
            }
            if (heldByAnyWithin(carriers, s.taskIndex(), from, to, now)) {
                wrong++;
            } else {
                none++;
            }
        }
        return new SnapshotAgreement(snapshot.takenAt(), mounted, matched, wrong, none, mismatches);
    }

    /** All snapshots of a run together: the "overall" figure. */
    public static SnapshotAgreement overall(List<SnapshotAgreement> each) {
        int mounted = 0;
        int matched = 0;
        int wrong = 0;
        int none = 0;
        List<Integer> mismatches = new ArrayList<>();
        for (SnapshotAgreement a : each) {
            mounted += a.mounted;
            matched += a.matched;
            wrong += a.wrongCarrier;
            none += a.notMounted;
            for (int vt : a.firstMismatches) {
                if (mismatches.size() < KEEP_MISMATCHES) {
                    mismatches.add(vt);
                }
            }
        }
        return new SnapshotAgreement(each.isEmpty() ? -1 : each.get(0).takenAt, mounted, matched, wrong, none, mismatches);
    }

    private static boolean heldByAnyWithin(CarrierLog[] carriers, int vt, long from, long to, long now) {
        for (CarrierLog log : carriers) {
            if (log != null && heldWithin(log, vt, from, to, now)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code log} had {@code vt} mounted at some instant of [from, to], closed or still open. */
    static boolean heldWithin(CarrierLog log, int vt, long from, long to, long now) {
        // A carrier publishes the closed entry before it clears openVt (CarrierLog.close), and openVt is read
        // first here: if the mount ended after that read, its closed entry is already visible below.
        // an open mount is known to last until now, not beyond: a window in the future is not "held"
        if (log.openVt() == vt && log.openStart() <= to && from <= now) {
            return true;
        }
        for (int i = log.firstEndingAfter(from); i < log.size() && log.start(i) <= to; i++) {
            if (log.vt(i) == vt) {
                return true;
            }
        }
        return false;
    }
}
