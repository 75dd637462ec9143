package loomscope.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import loomscope.picture.StateTimeline;
import loomscope.scenario.Scenarios;
import loomscope.workload.Phase;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/**
 * A mount the carriers' clocks call pinned, in a task that reports no block of its own (class-init waits inside the
 * VM), is pinned for its whole length; where the task's phases name the block, only that part is.
 */
class ClockPinnedStateTest {

    @Test
    void aClockPinnedMountWithoutPhasesIsHeldThroughout() {
        WorkloadConfig classInit = Scenarios.config(Scenarios.byName("class-init"), Map.of(), 1, 1,
                SchedulerKind.POOL, ThreadKind.VIRTUAL);
        RunRecording r = RecordingBuilder.of(classInit, "25")
                .carrier(0, "loomscope-carrier-0", 0, false)
                .phase(0, Phase.CREATED, 0).phase(0, Phase.STARTED, 10)
                .mount(0, 0, 5, 10, 1_000_000_000L, true)
                .phase(0, Phase.DONE, 1_000_000_000L)
                .finish(0, 1_000_000_000L, 1, false);
        StateTimeline timeline = new StateTimeline(r);
        assertEquals(VtState.PINNED, timeline.stateAt(0, 20));
        assertEquals(VtState.PINNED, timeline.stateAt(0, 999_999_999L));
        assertEquals(true, timeline.pinnedAt(r.carriers()[0], 500_000_000L), "the carrier's box says pinned too");
    }

    @Test
    void whereThePhasesNameTheBlockOnlyThatPartIsHeld() {
        WorkloadConfig waves = Scenarios.config(Scenarios.byName("waves"), Map.of("sleep-ms", "100"), 1, 1,
                SchedulerKind.POOL, ThreadKind.VIRTUAL);
        RunRecording r = RecordingBuilder.of(waves, "21")
                .carrier(0, "loomscope-carrier-0", 0, false)
                .phase(0, Phase.CREATED, 0).phase(0, Phase.STARTED, 10)
                .phase(0, Phase.SLEEP_START, 1_000_000).phase(0, Phase.SLEEP_END, 101_000_000)
                .mount(0, 0, 5, 10, 102_000_000L, true)
                .phase(0, Phase.DONE, 102_000_000L)
                .finish(0, 102_000_000L, 1, false);
        StateTimeline timeline = new StateTimeline(r);
        assertEquals(VtState.RUNNING, timeline.stateAt(0, 500_000));
        assertEquals(VtState.PINNED, timeline.stateAt(0, 50_000_000));
        assertEquals(VtState.RUNNING, timeline.stateAt(0, 101_500_000));
    }
}
