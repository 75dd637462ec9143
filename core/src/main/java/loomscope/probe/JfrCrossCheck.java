package loomscope.probe;

import java.util.Arrays;
import java.util.List;

import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.workload.Phase;

/**
 * JFR's pinned events against the recording's pinned mounts: an event matches a recorded mount on the same
 * carrier that the recording also calls pinned and that overlaps the event in time. What is left over on
 * either side is reported, not explained away. On JDK 21 the event names no carrier, so it matches by time
 * alone (any carrier) and {@link #byCarrier()} says so.
 *
 * @param events                 pinned events placed on the recording clock
 * @param matchedEvents          events with a recorded pinned mount on their carrier at their time
 * @param matchedPinnedMounts    distinct recorded pinned mounts that some event matched
 * @param unmatchedEvents        events with no such mount
 * @param recordedPinnedMounts   all pinned mounts the recording holds
 * @param byCarrier              whether every event named its carrier (JDK 24+)
 * @param medianStartOffsetNanos event start minus the task's recorded SLEEP_START, median over matched events:
 *                               JFR's and our clock agreeing in practice (a few µs: the way into the park)
 * @param maxAbsStartOffsetNanos the largest such offset, absolute
 */
public record JfrCrossCheck(int events, int matchedEvents, int matchedPinnedMounts, int unmatchedEvents,
                            long recordedPinnedMounts, boolean byCarrier, long medianStartOffsetNanos,
                            long maxAbsStartOffsetNanos) {

    public long pinnedMountsWithoutEvent() {
        return recordedPinnedMounts - matchedPinnedMounts;
    }

    /** matchedEvents / events, NaN without events. */
    public double matchedShare() {
        return events == 0 ? Double.NaN : (double) matchedEvents / events;
    }

    public static JfrCrossCheck of(List<PinnedEvent> events, RunRecording recording) {
        return of(events, recording, Long.MAX_VALUE);
    }

    /**
     * While a run goes: JFR has delivered only up to its last flush, so recorded pinned mounts that ended after
     * {@code horizon} (the newest delivered event's end) are not yet expected to have an event and are not counted.
     */
    public static JfrCrossCheck of(List<PinnedEvent> events, RunRecording recording, long horizon) {
        // by index, with gaps: carriers start in any order, and JFR names the carrier an event happened on
        CarrierLog[] carriers = recording.carriersByIndex();
        boolean[][] used = new boolean[carriers.length][];
        long recordedPinned = 0;
        for (int c = 0; c < carriers.length; c++) {
            // One snapshot of each log's size bounds every loop below: during a live run the carrier keeps
            // appending, and a later, larger size() would index past used[c].
            used[c] = new boolean[carriers[c] == null ? 0 : carriers[c].size()];
            for (int i = 0; i < used[c].length; i++) {
                recordedPinned += clocksHeld(recording, carriers[c], i) && carriers[c].end(i) <= horizon ? 1 : 0;
            }
        }
        int matched = 0;
        int mounts = 0;
        boolean byCarrier = true;
        long[] offsets = new long[events.size()];
        int offsetCount = 0;
        for (PinnedEvent e : events) {
            byCarrier &= e.carrierName() != null;
            int c = e.carrierIndex();
            long[] hit = null;
            if (c >= 0 && c < carriers.length) {
                hit = carriers[c] == null ? null : best(carriers[c], used[c], e, recording, null);
            } else if (e.carrierName() == null) {
                for (int k = 0; k < carriers.length; k++) {
                    hit = carriers[k] == null ? hit : best(carriers[k], used[k], e, recording, hit);
                }
            }
            if (hit == null) {
                continue;
            }
            int carrier = (int) hit[0];
            int mount = (int) hit[1];
            matched++;
            if (!used[carrier][mount]) {
                used[carrier][mount] = true;
                mounts += carriers[carrier].end(mount) <= horizon ? 1 : 0;
            }
            long sleepStart = recording.phase(carriers[carrier].vt(mount), Phase.SLEEP_START);
            if (sleepStart >= 0) {
                offsets[offsetCount++] = e.start() - sleepStart;
            }
        }
        Arrays.sort(offsets, 0, offsetCount);
        long maxAbs = 0;
        for (int i = 0; i < offsetCount; i++) {
            maxAbs = Math.max(maxAbs, Math.abs(offsets[i]));
        }
        return new JfrCrossCheck(events.size(), matched, mounts, events.size() - matched, recordedPinned,
                byCarrier && !events.isEmpty(), offsetCount == 0 ? 0 : offsets[offsetCount / 2], maxAbs);
    }

    /**
     * The pinned mount on {@code log} overlapping the event that fits it best, compared with {@code sofar}:
     * a mount no other event took beats a taken one, then the smaller distance between the event's start and
     * the task's recorded SLEEP_START (JFR times the pinned park, which begins right after it). Returns
     * {carrier, mount, used ? 1 : 0, distance}. Only the first {@code used.length} mounts (the snapshot taken in
     * {@link #of}) are considered, however many the carrier has logged since.
     */
    private static long[] best(CarrierLog log, boolean[] used, PinnedEvent e, RunRecording recording, long[] sofar) {
        long[] best = sofar;
        int known = used.length;
        for (int i = log.firstEndingAfter(e.start()); i < known && log.start(i) <= e.end(); i++) {
            if (!clocksHeld(recording, log, i) && !clocksUnsure(recording, log, i)) {
                continue; // an unsure mount may be the pin JFR saw: the event matches it
            }
            long sleepStart = recording.phase(log.vt(i), Phase.SLEEP_START);
            long distance = sleepStart >= 0 ? Math.abs(e.start() - sleepStart) : Long.MAX_VALUE / 2;
            long[] candidate = {log.index(), i, used[i] ? 1 : 0, distance};
            if (best == null || candidate[2] < best[2] || candidate[2] == best[2] && candidate[3] < best[3]) {
                best = candidate;
            }
        }
        return best;
    }

    /**
     * Whether mount {@code i} stands recorded as pinned: so classed, or held and not yet classed (the clocks' word, while
     * the witnesses class the run as it goes). A mount a witness called captured or stalled is no pin to match.
     */
    private static boolean clocksHeld(RunRecording recording, CarrierLog log, int i) {
        return log.pinned(i) || log.held(i);
    }

    /** Whether mount {@code i} is unsure: it may be the pin JFR saw. */
    private static boolean clocksUnsure(RunRecording recording, CarrierLog log, int i) {
        return log.unsure(i);
    }
}
