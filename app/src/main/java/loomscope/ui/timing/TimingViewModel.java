package loomscope.ui.timing;

import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleSupplier;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.report.HistoryEntry;

/**
 * The timing panel's figures and words, from the run on show: wall clock, throughput, the two bounds with where the
 * run lands between them, and at the end the seeds' line "Total execution time: X seconds" (or what a stopped run
 * did). Read from {@link Source} in the pulse, a few times a second; the texts change only when they differ. No
 * toolkit call: plain JUnit runs it.
 */
public final class TimingViewModel {
    private static final long REFRESH_NANOS = 100_000_000L;

    /**
     * What the panel reads of the run on show (the main window's model, wired in ui.app).
     *
     * @param recording          the recording on show, or null before the first run
     * @param finished           whether the run on show has ended
     * @param elapsedSeconds     its wall clock so far
     * @param completed          its tasks completed so far
     * @param lastSummary        the summary of the run that ended last, or null
     * @param lastRunLowered     whether the window lowered that run's carriers (its time is then not the CLI's)
     */
    public record Source(Supplier<RunRecording> recording, BooleanSupplier finished, DoubleSupplier elapsedSeconds,
                         IntSupplier completed, Supplier<RunSummary> lastSummary, BooleanSupplier lastRunLowered) { }

    private final Source source;
    private final ReadOnlyStringWrapper wall = new ReadOnlyStringWrapper("-");
    private final ReadOnlyStringWrapper throughput = new ReadOnlyStringWrapper("-");
    private final ReadOnlyStringWrapper unpinned = new ReadOnlyStringWrapper("-");
    private final ReadOnlyStringWrapper pinned = new ReadOnlyStringWrapper("-");
    private final ReadOnlyStringWrapper verdict = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper total = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper lowered = new ReadOnlyBooleanWrapper(false);
    /** Where the run lands between its bounds, 0 to 1; NaN for none. */
    private final ReadOnlyDoubleWrapper gaugePosition = new ReadOnlyDoubleWrapper(Double.NaN);
    private long lastRefresh = Long.MIN_VALUE;
    private RunRecording boundsFor;
    private Bounds bounds;

    public TimingViewModel(Source source) {
        this.source = source;
    }

    /** Called every pulse; does real work only a few times a second, and at the end of a run. */
    public void refresh(long pulseNanos) {
        RunRecording r = source.recording().get();
        boolean finished = source.finished().getAsBoolean();
        if (lastRefresh != Long.MIN_VALUE && pulseNanos - lastRefresh < REFRESH_NANOS && !(finished && boundsFor != r)) {
            return;
        }
        lastRefresh = pulseNanos;
        double seconds = source.elapsedSeconds().getAsDouble();
        wall.set(String.format(Locale.ROOT, "%.3f s", seconds));
        int done = source.completed().getAsInt();
        throughput.set(seconds > 0 ? String.format(Locale.ROOT, "%,.0f tasks/s", done / seconds) : "-");
        if (r == null) {
            return;
        }
        RunSummary summary = finished ? source.lastSummary().get() : null;
        if (summary != null) {
            bounds = Bounds.of(summary);
            boundsFor = r;
        } else if (r.threads() <= 200_000) {
            bounds = Bounds.measured(r);
            boundsFor = null;
        }
        if (!r.config().shape().boundsApply()) {
            // the bounds are the seed task's (N x CPU / P, N x (sleep + CPU) / P): another task has none to claim
            bounds = null;
        }
        showBounds(seconds);
        if (bounds == null && summary != null && !summary.cancelled()) {
            verdict.set("No bounds: " + r.config().scenario().name() + " is not the seed's task (CPU work, then a block).");
        }
        if (summary != null && summary.cancelled()) {
            // a stopped run is not the seeds' experiment: no total in their words, no ratio to a bound
            gaugePosition.set(Double.NaN);
            verdict.set("Stopped: no ratio to the bounds is claimed for a run that did not finish.");
            total.set(stoppedText(summary));
            lowered.set(false);
        } else if (summary != null) {
            boolean carriersLowered = source.lastRunLowered().getAsBoolean();
            total.set(String.format(Locale.ROOT, "Total execution time: %.3f seconds%s", summary.wallMillis() / 1000,
                    HistoryEntry.loweredSuffix(carriersLowered)));
            lowered.set(carriersLowered);
        } else {
            total.set("");
            lowered.set(false);
        }
    }

    private void showBounds(double seconds) {
        if (bounds == null) {
            unpinned.set("-");
            pinned.set("-");
            gaugePosition.set(Double.NaN);
            verdict.set("");
            return;
        }
        unpinned.set(String.format(Locale.ROOT, "%.3f s", bounds.unpinnedSeconds()));
        pinned.set(String.format(Locale.ROOT, "%.3f s", bounds.pinnedSeconds()));
        gaugePosition.set(bounds.position(seconds));
        verdict.set(String.format(Locale.ROOT, "%.2fx the unpinned bound, %.2fx the pinned bound (CPU %.3f ms per task)",
                seconds / bounds.unpinnedSeconds(), seconds / bounds.pinnedSeconds(), bounds.cpuMillisPerTask()));
    }

    /** "Stopped after 4.029 s: 629 of 5,000 tasks completed." */
    public static String stoppedText(RunSummary s) {
        return String.format(Locale.ROOT, "Stopped after %.3f s: %,d of %,d tasks completed.", s.wallMillis() / 1000,
                s.completed(), s.threads());
    }

    public ReadOnlyStringProperty wallProperty() { return wall.getReadOnlyProperty(); }

    public ReadOnlyStringProperty throughputProperty() { return throughput.getReadOnlyProperty(); }

    public ReadOnlyStringProperty unpinnedProperty() { return unpinned.getReadOnlyProperty(); }

    public ReadOnlyStringProperty pinnedProperty() { return pinned.getReadOnlyProperty(); }

    public ReadOnlyStringProperty verdictProperty() { return verdict.getReadOnlyProperty(); }

    public ReadOnlyStringProperty totalProperty() { return total.getReadOnlyProperty(); }

    /** Whether the note "carriers at lowest priority" stands under the total. */
    public ReadOnlyBooleanProperty loweredProperty() { return lowered.getReadOnlyProperty(); }

    public ReadOnlyDoubleProperty gaugePositionProperty() { return gaugePosition.getReadOnlyProperty(); }
}
