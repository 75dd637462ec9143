package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import loomscope.attach.AttachSession;
import org.junit.jupiter.api.Test;

/** One clock for {@code --seconds S}: the phases' bounds add up to S + 5 s at most; without S each keeps its own. */
class SessionDeadlineTest {

    @Test
    void theAttachIsCutSoThatTheWholeFitsSPlusFive() {
        SessionDeadline clock = SessionDeadline.startingNow(3.0);
        Duration attach = clock.attach(AttachCommand.localAttachDeadline(3.0));
        assertTrue(attach.toMillis() <= 5_000 && attach.toMillis() > 4_000, attach.toString());
        assertEquals(3_000, clock.recordingMillis());   // an attach that took no time leaves S whole
        assertNull(clock.shortened());
    }

    /** Whatever the attach took of its bound: it, the recording, the detach's bound and the reader's second fit S + 5. */
    @Test
    void everyAttachTimeLeavesTheWholeWithinSPlusFive() {
        for (long took : new long[] {0, 1_000, 2_500, 3_500, 5_000}) {
            SessionDeadline clock = new SessionDeadline(3.0, System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(took));
            long recording = clock.recordingMillis();
            assertEquals(took <= 2_000 ? 3_000 : 5_000 - took, recording, 20, took + " ms of attach");
            assertEquals(took > 2_000, clock.shortened() != null, took + " ms: " + clock.shortened());
            // the detach's bound as it is asked once the recording ended
            clock = new SessionDeadline(3.0, System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(took + recording));
            long detach = clock.detachMillis();
            assertTrue(detach >= SessionDeadline.DETACH_LEAST_MILLIS && detach <= AttachSession.DETACH_CONFIRM_MILLIS);
            assertTrue(took + recording + detach + 1_000 <= 8_000 + 20, took + " + " + recording + " + " + detach);
        }
    }

    @Test
    void aSlowAttachShortensTheRecordingAndSaysSo() {
        SessionDeadline clock = new SessionDeadline(3.0, System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(4_000));
        assertEquals(1_000, clock.recordingMillis(), 20);
        assertTrue(clock.shortened().startsWith("Recorded 1.0 s of the 3.0 s asked"), clock.shortened());
    }

    @Test
    void withoutSecondsEachPhaseKeepsItsOwnBound() {
        SessionDeadline clock = SessionDeadline.startingNow(null);
        assertEquals(AttachSession.DEFAULT_DEADLINE, clock.attach(AttachSession.DEFAULT_DEADLINE));
        assertEquals(Long.MAX_VALUE, clock.recordingMillis());
        assertEquals(AttachSession.DETACH_CONFIRM_MILLIS, clock.detachMillis());
        assertNull(clock.shortened());
    }
}
