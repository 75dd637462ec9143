package loomscope.runs;

import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;

/**
 * A run in progress wherever it happens ({@link RunTarget}): the window and the CLI hold one of these and
 * read its recording, which fills while the run goes, whether it is written in this JVM or rebuilt from a
 * child's stream.
 */
public interface LiveRun {

    RunTarget target();

    /** The recording so far; null only while a child JVM is still starting (before its stream begins). */
    RunRecording recording();

    /** The Java version the run executes on, once known (at once for this JVM), else null. */
    default String javaVersion() {
        RunRecording r = recording();
        return r == null ? null : r.jdkVersion();
    }

    /**
     * While the run has made no progress for a while (no thread mounted, unmounted, started or ended): what its
     * threads are doing, e.g. "no progress for 5 s: 2 of 2 threads alive (2 BLOCKED): 1 at Deadlock.run(Deadlock.java:7),
     * …". Null while it progresses, and once it ended.
     */
    default String noProgress() {
        return null;
    }

    /**
     * Whether the run is being prepared or has started: its classes load (a task file's static initializer runs) before
     * the recording's run start, so a run can hang here; say which JVM runs it by then.
     */
    default boolean preparing() {
        RunRecording r = recording();
        return r != null && r.runStart() >= 0;
    }

    /** Stops the run: returns at once; it ends within a second (a child that does not stop is killed). */
    void stop();

    /**
     * {@link #stop()} on a short-lived daemon thread, for callers that must not wait at all (the FX thread):
     * an in-process stop interrupts every thread of the run (100,000 of them at most), and a child JVM's stop
     * writes to a pipe.
     */
    default void stopInBackground() {
        Thread.ofPlatform().daemon().name("loomscope-stop").start(this::stop);
    }

    /** Waits at most {@code millis} for the end; true if ended. */
    boolean await(long millis) throws InterruptedException;

    boolean isFinished();

    /** How it ended, or null while running. */
    RunOutcome outcome();

    /** The numbers of what was recorded (so far, if not finished); null if nothing was recorded. */
    default RunSummary summary() {
        RunRecording r = recording();
        return r == null || r.runStart() < 0 ? null : RunSummary.of(r);
    }
}
