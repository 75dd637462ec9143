package loomscope.ui.mainwindow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import loomscope.host.RunShare;
import loomscope.recording.RecordedRun;
import loomscope.workload.LockMode;
import loomscope.workload.UnsupportedModeException;
import loomscope.workload.WorkloadConfig;
import loomscope.ui.run.RunState;
import org.junit.jupiter.api.Test;
import loomscope.scenario.Scenarios;
import loomscope.scenario.SeedScenario;

/**
 * The main window's model as plain JUnit: no stage, no robot. Runs start on the test's thread (a direct
 * executor); the runs of this JVM are real, small ones; the host policy is a recording stand-in.
 */
class MainViewModelTest {
    private final List<String> shareAsked = new ArrayList<>();
    private final HostHooks host = new HostHooks((p, inThisJvm) -> {
        shareAsked.add("P=" + p + (inThisJvm ? " here" : " elsewhere"));
        return RunShare.NONE;
    }, () -> { });

    private MainViewModel model(Function<WorkloadConfig, RecordedRun> inThisJvm) {
        MainViewModel m = new MainViewModel(Runnable::run, host, inThisJvm);
        m.threadsTextProperty().set("20");
        m.inputs().paramTextProperty(Scenarios.DEFAULT, SeedScenario.CPU).set("100");
        m.inputs().paramTextProperty(Scenarios.DEFAULT, SeedScenario.SLEEP).set("0");
        m.lockModeProperty().set(LockMode.NONE);
        return m;
    }

    /** Pulses like the window does until the run ended (the run is real: it takes milliseconds). */
    private static void pulseUntilEnded(MainViewModel m) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (m.state().isActive() && System.nanoTime() < deadline) {
            m.pulse(System.nanoTime());
            Thread.sleep(5);
        }
        assertFalse(m.state().isActive(), "the run ended within 30 s");
    }

    @Test
    void aRunGoesFromStartToHistoryAndReplay() throws Exception {
        MainViewModel m = model(RecordedRun::start);
        m.run();
        assertEquals("Starting none, P=1, N=20 ...", m.messageProperty().get());
        assertEquals(List.of("P=1 here"), shareAsked, "the host policy decided before the start");
        pulseUntilEnded(m);

        assertEquals(RunState.FINISHED, m.state());
        assertEquals("All 20 tasks completed.", m.messageProperty().get());
        assertEquals("", m.errorMessageProperty().get());
        assertEquals(1, m.history().size());
        assertEquals(20, m.completedProperty().get());
        assertEquals(1.0, m.progressProperty().get());
        assertNotNull(m.lastSummaryProperty().get());
        assertTrue(m.replay().isAvailable(), "the finished run can be replayed");
        assertNull(m.currentRunProperty().get(), "no run going for the probes");
        assertTrue(m.nextRunRepeatsLast());
        m.threadsTextProperty().set("21");
        assertFalse(m.nextRunRepeatsLast(), "other settings: the clock's time is not theirs");
    }

    @Test
    void badInputsSayWhichFieldAndStartNothing() {
        MainViewModel m = model(config -> {
            throw new AssertionError("must not start");
        });
        m.threadsTextProperty().set("many");
        m.run();
        assertEquals(RunState.IDLE, m.state());
        assertTrue(m.errorMessageProperty().get().startsWith("Virtual threads N"), m.errorMessageProperty().get());
        assertTrue(shareAsked.isEmpty());

        m.threadsTextProperty().set("20");
        assertEquals("", m.errorMessageProperty().get(), "a fixed input is no error any more");
    }

    @Test
    void aStartThatFailsSaysWhyAndTheModelStaysUsable() {
        MainViewModel m = model(config -> {
            throw new UnsupportedModeException("native-frame needs JDK 22+");
        });
        m.run();
        m.pulse(0);
        assertEquals(RunState.IDLE, m.state());
        assertEquals("native-frame needs JDK 22+", m.errorMessageProperty().get());
        assertEquals("Could not start none, P=1, N=20.", m.messageProperty().get());
        assertTrue(m.history().isEmpty());
    }

    @Test
    void changedSettingsDuringARunWaitForTheNextOne() throws Exception {
        MainViewModel m = model(RecordedRun::start);
        m.threadsTextProperty().set("2000");
        m.inputs().paramTextProperty(Scenarios.DEFAULT, SeedScenario.CPU).set("20000");
        m.run();
        m.run();
        assertEquals("A run is going: press Stop (Esc) first.", m.messageProperty().get());
        m.parallelismProperty().set(2);
        assertEquals("Changed settings take effect on the next run.", m.nextRunNoteProperty().get());
        m.stop();
        pulseUntilEnded(m);
        assertEquals("", m.nextRunNoteProperty().get());
        assertEquals(RunState.FINISHED, m.state());
        assertEquals(1, m.history().size(), "a stopped run is kept");
        String said = m.messageProperty().get();
        assertTrue(said.startsWith("Stopped: ") || said.equals("All 2,000 tasks completed."), said);
    }

    @Test
    void showNoteWaitsWhileARunGoes() throws Exception {
        MainViewModel m = model(RecordedRun::start);
        m.showNote("Warming up ...");
        assertEquals("Warming up ...", m.messageProperty().get());
        m.run();
        m.showNote("ignored");
        assertTrue(m.messageProperty().get().startsWith("Starting "));
        pulseUntilEnded(m);
    }
}
