package loomscope.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import loomscope.recording.MountClass;
import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSource;
import loomscope.scenario.SeedScenario;
import org.junit.jupiter.api.Test;

/** A clip's default title: an application's names its main class (never its summary's lock word, "task-file"). */
class ClipTitleTest {
    private static final long MS = 1_000_000;

    @Test
    void anApplicationsClipIsTitledByItsMainClass() {
        RunRecording app = RecordingBuilder.of(SeedScenario.config().withThreads(1).withParallelism(1), "25.0.3")
                .application(RunSource.Application.of(new RunSource.Jvm("shop.OrderServer", 4123, null, "25.0.3",
                        RunSource.Reached.ATTACHED)))
                .carrier(0, "c0", 0, false).mount(0, 0, 0, 0, 5 * MS, MountClass.CAPTURED)
                .finish(0, 10 * MS, 1, false);
        assertEquals("shop.OrderServer: its carriers, mount by mount", AnimatedExport.defaultTitle(app));
        RunRecording seed = RecordingBuilder.of(SeedScenario.config().withThreads(1).withParallelism(1), "25.0.3")
                .carrier(0, "c0", 0, false).mount(0, 0, 0, 0, 5 * MS, false).finish(0, 10 * MS, 1, false);
        assertEquals(TimingCard.defaultTitle(HistoryEntry.finishedNow(loomscope.recording.RunSummary.of(seed))), AnimatedExport.defaultTitle(seed),
                "a run of ours: what its lock means, as on its card");
    }
}
