package loomscope.ui.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The window's one way to work off the FX thread, without a window: this test's thread plays the FX thread. */
class BackgroundJobTest {
    private final ExecutorService jobThread = Executors.newSingleThreadExecutor();

    @AfterEach
    void stop() {
        jobThread.shutdownNow();
    }

    private static <T> BackgroundJob.Outcome<T> pulseUntilEnded(BackgroundJob<T> job) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);   // a ceiling, not a wait
        while (System.nanoTime() < deadline) {
            BackgroundJob.Outcome<T> outcome = job.pulse();
            if (outcome != null) {
                return outcome;
            }
            Thread.sleep(5);
        }
        throw new AssertionError("the job did not end");
    }

    @Test
    void theOutcomeIsTakenUpOnceAndASecondStartWaitsForIt() throws Exception {
        BackgroundJob<String> job = new BackgroundJob<>(jobThread);
        CountDownLatch release = new CountDownLatch(1);
        assertTrue(job.start(progress -> {
            progress.report(1, 4);
            release.await();
            return "done";
        }));
        assertFalse(job.start(progress -> "second"), "one job at a time");
        assertTrue(job.isRunning());
        release.countDown();
        BackgroundJob.Outcome<String> outcome = pulseUntilEnded(job);
        assertEquals("done", assertInstanceOf(BackgroundJob.Outcome.Done.class, outcome).value());
        assertEquals(0.25, job.fraction(), 1e-9, "the last progress reported");
        assertNull(job.pulse(), "taken up once");
        assertFalse(job.isRunning());
        assertTrue(job.start(progress -> "again"), "a new job once the last one was taken up");
        assertEquals("again", ((BackgroundJob.Outcome.Done<String>) pulseUntilEnded(job)).value());
    }

    @Test
    void cancelIsSeenByTheWorkAndAThrowEndsTheJobNotItsThread() throws Exception {
        BackgroundJob<Integer> job = new BackgroundJob<>(jobThread);
        CountDownLatch started = new CountDownLatch(1);
        job.start(progress -> {
            started.countDown();
            while (!progress.isCancelled()) {
                Thread.onSpinWait();
            }
            throw new IOException("stopped at step 3");
        });
        started.await();
        job.cancel();
        assertTrue(job.isCancelled());
        BackgroundJob.Outcome<Integer> outcome = pulseUntilEnded(job);
        assertEquals("stopped at step 3",
                assertInstanceOf(BackgroundJob.Outcome.Failed.class, outcome).error().getMessage());
        assertTrue(job.start(progress -> 7), "the job thread is still there");
        assertEquals(7, ((BackgroundJob.Outcome.Done<Integer>) pulseUntilEnded(job)).value());
    }
}
