package loomscope.ui.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.List;

import loomscope.recording.UnsureRun;
import loomscope.report.TimingCard;
import loomscope.ui.run.RunLifecycle;
import loomscope.workload.WorkloadConfig;
import loomscope.scenario.SeedScenario;
import org.junit.jupiter.api.Test;

/** Each side of the compare view counts its run's unsure mounts, and its card carries them. */
class UnsureCompareTest {
    private static final RunLifecycle.Starter NEVER = (config, where) -> {
        throw new AssertionError("nothing runs in this test");
    };

    @Test
    void bothSidesAndTheirCardCountTheUnsureMount() {
        CompareSideViewModel left = new CompareSideViewModel("left", Runnable::run, NEVER);
        CompareSideViewModel right = new CompareSideViewModel("right", Runnable::run, NEVER);
        CompareViewModel model = new CompareViewModel(SeedScenario::config, left, right);
        assertEquals(0, left.unsureMounts(), "before any run");
        assertTrue(left.showOpened(UnsureRun.record(), List.of(), "a.loomrun"));
        assertTrue(right.showOpened(UnsureRun.record(false), List.of(), "b.loomrun"));
        assertEquals(1, left.unsureMounts());
        assertEquals(0, right.unsureMounts());
        TimingCard card = CompareCard.of(model, LocalDate.of(2026, 11, 25));
        assertEquals(1, card.history().get(0).unsureMounts(), "the left bar's run");
        assertEquals(0, card.headline().unsureMounts(), "the right, this card's headline");
    }
}
