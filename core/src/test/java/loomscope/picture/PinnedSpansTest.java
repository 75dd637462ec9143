package loomscope.picture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import loomscope.recording.CarrierLog;
import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.recording.VtState;
import loomscope.scenario.Scenarios;
import loomscope.workload.Phase;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/**
 * The one rule for which part of a mount is pinned: the spans the lanes paint, a carrier's box and a thread's cell
 * agree at every instant.
 */
class PinnedSpansTest {
    private static final long MS = 1_000_000;

    @Test
    void aSleepInsideAPinnedMountIsItsPinnedPart() {
        RunRecording r = waves(true);
        assertEquals(List.of(List.of(MS, 101 * MS)), spans(r, 0, 0, Long.MAX_VALUE));
        assertEquals(List.of(List.of(20 * MS, 60 * MS)), spans(r, 0, 20 * MS, 60 * MS), "clipped to the window");
        assertEquals(200, assertAgree(r), "pinned for 100 ms of the 102");
    }

    @Test
    void aMountNotJudgedPinnedHasNoPinnedPart() {
        RunRecording r = waves(false);
        assertEquals(List.of(), spans(r, 0, 0, Long.MAX_VALUE));
        assertEquals(0, assertAgree(r));
    }

    @Test
    void aClockPinnedMountWithoutPhasesIsPinnedThroughout() {
        WorkloadConfig classInit = Scenarios.config(Scenarios.byName("class-init"), Map.of(), 1, 1,
                SchedulerKind.POOL, ThreadKind.VIRTUAL);
        RunRecording r = RecordingBuilder.of(classInit, "25")
                .carrier(0, "loomscope-carrier-0", 0, false)
                .phase(0, Phase.CREATED, 0).phase(0, Phase.STARTED, 10)
                .mount(0, 0, 5, 10, 1_000 * MS, true)
                .phase(0, Phase.DONE, 1_000 * MS)
                .finish(0, 1_000 * MS, 1, false);
        assertEquals(List.of(List.of(10L, 1_000 * MS)), spans(r, 0, 0, Long.MAX_VALUE));
        assertEquals(1_999, assertAgree(r), "pinned but for the first 10 ns");
    }

    /** One thread, one mount from 10 ns to 102 ms with a 100 ms sleep inside it. */
    static RunRecording waves(boolean pinned) {
        WorkloadConfig waves = Scenarios.config(Scenarios.byName("waves"), Map.of("sleep-ms", "100"), 1, 1,
                SchedulerKind.POOL, ThreadKind.VIRTUAL);
        return RecordingBuilder.of(waves, "21")
                .carrier(0, "loomscope-carrier-0", 0, false)
                .phase(0, Phase.CREATED, 0).phase(0, Phase.STARTED, 10)
                .phase(0, Phase.SLEEP_START, MS).phase(0, Phase.SLEEP_END, 101 * MS)
                .mount(0, 0, 5, 10, 102 * MS, pinned)
                .phase(0, Phase.DONE, 102 * MS)
                .finish(0, 102 * MS, 1, false);
    }

    private static List<List<Long>> spans(RunRecording r, int carrier, long from, long to) {
        CarrierLog log = r.carriers()[carrier];
        List<List<Long>> out = new ArrayList<>();
        for (int i = 0; i < log.size(); i++) {
            PinnedSpans.ofMount(r, log, i, from, to, (a, b) -> out.add(List.of(a, b)));
        }
        return out;
    }

    /** At every 0.5 ms: the carrier's box, its thread's cell and the painted spans say the same; how often pinned. */
    private static int assertAgree(RunRecording r) {
        StateTimeline timeline = new StateTimeline(r);
        int pinnedSeen = 0;
        for (CarrierLog log : r.carriers()) {
            int c = List.of(r.carriers()).indexOf(log);
            List<List<Long>> spans = spans(r, c, 0, Long.MAX_VALUE);
            for (long t = r.runStart(); t < r.runEnd(); t += MS / 2) {
                long at = t;
                boolean inSpan = spans.stream().anyMatch(s -> s.get(0) <= at && at < s.get(1));
                assertEquals(inSpan, PinnedSpans.pinnedAt(r, log, t), "carrier " + c + " at " + t);
                assertEquals(inSpan, timeline.pinnedAt(log, t), "the timeline asks the rule too");
                int vt = timeline.occupantAt(log, t);
                if (vt >= 0) {
                    assertEquals(inSpan, timeline.stateAt(vt, t) == VtState.PINNED, "VT " + vt + "'s cell at " + t);
                }
                pinnedSeen += inSpan ? 1 : 0;
            }
        }
        return pinnedSeen;
    }
}
