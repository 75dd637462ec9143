package loomscope.ui.job;

import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import javafx.application.Platform;

/**
 * Work off the FX thread, the one way the window does it. It runs on threads that already stand ({@link JobThreads}:
 * the FX thread starts none), reports its progress and reads its cancel flag through {@link Progress}, and its outcome
 * is taken up on the FX thread once: in the window's pulse ({@link #pulse()}), or, where no pulse reads it, by one
 * {@code Platform.runLater} ({@link #start(Work, Consumer)}). One job at a time: a second start while one runs is
 * refused. Call everything but {@link Progress} on the FX thread (a test may call it from one thread of its own).
 */
public final class BackgroundJob<T> {

    /** The work, on a job thread. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Progress progress) throws Exception;
    }

    /** What the work tells and reads while it goes; safe from any thread. */
    public static final class Progress {
        private final AtomicLong done = new AtomicLong();
        private final AtomicLong total = new AtomicLong(1);
        private final AtomicBoolean cancelled = new AtomicBoolean();

        /** {@code done} of {@code total} steps are done. */
        public void report(long doneSteps, long totalSteps) {
            total.set(Math.max(1, totalSteps));
            done.set(Math.max(0, doneSteps));
        }

        /** Whether Cancel was asked for: the work stops at its next step. */
        public boolean isCancelled() { return cancelled.get(); }

        double fraction() { return Math.min(1, (double) done.get() / total.get()); }
    }

    /** How a job ended: its value, or what it threw. */
    public sealed interface Outcome<T> {
        record Done<T>(T value) implements Outcome<T> { }

        record Failed<T>(Throwable error) implements Outcome<T> { }
    }

    private final Executor threads;
    private final Executor fxThread;
    private final AtomicReference<Outcome<T>> ended = new AtomicReference<>();
    private Progress progress = new Progress();
    private boolean running;

    /** Jobs on {@code threads} (the window's standing job threads, handed in from ui.app; a test's own). */
    public BackgroundJob(Executor threads) {
        this(threads, Platform::runLater);
    }

    /**
     * Jobs on {@code threads}, whose outcome {@link #start(Work, Consumer)} hands to {@code fxThread}
     * ({@code Platform::runLater} in the window; a test's own executor without a toolkit).
     */
    public BackgroundJob(Executor threads, Executor fxThread) {
        this.threads = threads;
        this.fxThread = fxThread;
    }

    /** Starts {@code work}; its outcome is taken up by {@link #pulse()}. False, and nothing started, if a job runs. */
    public boolean start(Work<T> work) {
        Progress mine = begin();
        if (mine == null) {
            return false;
        }
        threads.execute(() -> ended.set(outcomeOf(work, mine)));
        return true;
    }

    /** Starts {@code work}; {@code onFxThread} hears its outcome once, on the FX thread. False if a job runs. */
    public boolean start(Work<T> work, Consumer<Outcome<T>> onFxThread) {
        Progress mine = begin();
        if (mine == null) {
            return false;
        }
        threads.execute(() -> {
            Outcome<T> outcome = outcomeOf(work, mine);
            fxThread.execute(() -> {
                running = false;
                onFxThread.accept(outcome);
            });
        });
        return true;
    }

    /** A new job's progress, or null if one runs. */
    private Progress begin() {
        if (running) {
            return null;
        }
        running = true;
        progress = new Progress();
        ended.set(null);
        return progress;
    }

    private static <T> Outcome<T> outcomeOf(Work<T> work, Progress progress) {
        try {
            return new Outcome.Done<>(work.run(progress));
        } catch (Throwable e) {
            // whatever the work threw ends the job, never the job thread: the window says why and goes on
            return new Outcome.Failed<>(e);
        }
    }

    /** Asks the running job to stop at its next step. */
    public void cancel() {
        if (running) {
            progress.cancelled.set(true);
        }
    }

    public boolean isRunning() { return running; }

    /** Whether the running job was asked to stop. */
    public boolean isCancelled() { return running && progress.isCancelled(); }

    /** How far the running (or last) job is, 0 to 1. */
    public double fraction() { return progress.fraction(); }

    /** Once per frame, on the FX thread: the outcome, the one time it is there; otherwise null. */
    public Outcome<T> pulse() {
        if (!running) {
            return null;
        }
        Outcome<T> outcome = ended.getAndSet(null);
        if (outcome != null) {
            running = false;
        }
        return outcome;
    }
}
