package loomscope.ui.application;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import loomscope.recording.MountClass;
import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSource;
import loomscope.scenario.ScenarioParams;
import loomscope.scenario.SeedScenario;
import loomscope.scenario.TaskFileScenario;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/** An application's facts (issue #45), from its source and its recording, without a window. */
class ApplicationViewModelTest {
    private static final long MS = 1_000_000;

    private static RunRecording application(RunSource.Jvm jvm) {
        WorkloadConfig config = new WorkloadConfig(3, 2, SchedulerKind.POOL, ThreadKind.VIRTUAL,
                new ScenarioParams(new TaskFileScenario(), Map.of(TaskFileScenario.CLASS, "Shop", TaskFileScenario.CLASSES, "")));
        return RecordingBuilder.of(config, "25.0.3").application(RunSource.Application.of(jvm))
                .carrier(0, "ForkJoinPool-1-worker-1", 0, false).carrier(1, "ForkJoinPool-1-worker-2", 0, false)
                .mount(0, 0, 0, 1 * MS, 5 * MS, MountClass.PINNED).mount(1, 1, 0, 2 * MS, 3 * MS, false)
                .mount(0, 2, 0, 6 * MS, 7 * MS, false).finish(0, 2_500 * MS, 0, false);
    }

    @Test
    void anApplicationsFactsAreItsOwn() {
        ApplicationViewModel model = new ApplicationViewModel();
        RunRecording r = application(new RunSource.Jvm("com.example.Shop", 4242, "10.0.0.7:7071", "25.0.3",
                RunSource.Reached.CONNECTED));
        model.show(r);
        assertTrue(model.applicationProperty().get());
        assertEquals("com.example.Shop", model.titleProperty().get());
        assertEquals("Application com.example.Shop · pid 4242 at 10.0.0.7:7071 · Java 25.0.3 · "
                + RunSource.Reached.CONNECTED.words(), model.headerProperty().get());
        Map<String, String> facts = new java.util.LinkedHashMap<>();
        model.facts().forEach(f -> facts.put(f.name(), f.value()));
        assertEquals("com.example.Shop", facts.get("Main class"));
        assertEquals("2.5 s", facts.get("Recorded"));
        assertEquals("2", facts.get("Carriers"));
        assertEquals("3", facts.get("Mounts"));
        assertTrue(facts.get("By cause").startsWith("1 pinned"), facts.toString());
        for (String ours : List.of("Lock", "Threads", "Throughput", "Completed", "Bound")) {
            assertFalse(facts.keySet().stream().anyMatch(k -> k.startsWith(ours)), ours + " is not an application's: " + facts);
        }
        String caption = ApplicationCaption.of(r);
        assertEquals("Shop · pid 4242 at 10.0.0.7:7071 · Java 25.0.3 · recorded 2.5 s · 2 carriers · 3 mounts: 1 pinned, 0 captured",
                caption);

        model.show(RunRecording.forThisJvm(SeedScenario.config()));
        assertFalse(model.applicationProperty().get(), "a run of ours: the seed's view");
        assertTrue(model.facts().isEmpty());
        assertNull(ApplicationCaption.of(RunRecording.forThisJvm(SeedScenario.config())));
    }
}
