package loomscope.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import loomscope.probe.CauseReport;
import loomscope.recording.RunRecording;
import loomscope.scenario.SeedScenario;

/** A child's held mounts are classed only where its JFR ran and delivered everything. */
class ChildCausesTest {
    private static final RunRecording EMPTY = RunRecording.forAnotherJvm(SeedScenario.config().withThreads(2), "25");

    @Test
    void nothingIsClassedWithoutJfrOrWhenTheChildEndedEarly() {
        CauseReport noJfr = ChildCauses.atEnd(EMPTY, false, new RunOutcome.Completed(), new ChildProbeLines());
        assertFalse(noJfr.classified());
        assertEquals("JFR did not run in the child", noJfr.why());
        CauseReport crashed = ChildCauses.atEnd(EMPTY, true, new RunOutcome.Hung(10_000), new ChildProbeLines());
        assertFalse(crashed.classified());
        assertEquals("the child ended before its JFR delivered everything", crashed.why());
    }

    @Test
    void aCompletedRunIsClassedAndSaysWhichWitnessesWereNotKept() {
        CauseReport causes = ChildCauses.atEnd(EMPTY, true, new RunOutcome.Completed(), new ChildProbeLines());
        assertTrue(causes.classified());
        assertNull(causes.why());
        assertTrue(ChildCauses.noteNotKept(causes, 1_234).why().startsWith("1,234 of JFR's witnesses past the first "));
        assertEquals(causes, ChildCauses.noteNotKept(causes, 0));
    }
}
