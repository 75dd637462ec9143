package loomscope.ui.compare;

import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import loomscope.recording.RunSummary;
import loomscope.report.TimingCard;
import loomscope.workload.WorkloadConfig;

/**
 * The same workload on two JVMs: left then right (fair: each has the machine to itself), or both at once
 * (they share the CPU, so both are slower than alone; the view says so). The ratio appears once both
 * completed: the seeds' JDK 21 vs JDK 24 table, measured here.
 */
public final class CompareViewModel {

    /** How the two runs share the machine. */
    public enum Order {
        ONE_AFTER_THE_OTHER("One after the other"), TOGETHER("Together");

        private final String label;

        Order(String label) { this.label = label; }

        @Override public String toString() { return label; }
    }

    private final CompareSideViewModel left;
    private final CompareSideViewModel right;
    private final Supplier<WorkloadConfig> settings;
    private final ObjectProperty<Order> order = new SimpleObjectProperty<>(Order.ONE_AFTER_THE_OTHER);
    private final ReadOnlyObjectWrapper<WorkloadConfig> config = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper ratio = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper warning = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("Choose where each side runs, then Run both (Ctrl+R).");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);
    private boolean rightPending;
    /** How the last comparison was run: the choice can change after it, its numbers cannot. */
    private Order ranAs;

    /** @param settings the workload to compare (the main window's current settings), or null if they are invalid */
    /** @param starters where both sides' runs start */
    public CompareViewModel(Supplier<WorkloadConfig> settings, Executor starters) {
        this(settings, new CompareSideViewModel("left", starters), new CompareSideViewModel("right", starters));
    }

    /** With sides that start their runs in another way (tests: a fake starter on a direct executor). */
    public CompareViewModel(Supplier<WorkloadConfig> settings, CompareSideViewModel left, CompareSideViewModel right) {
        this.settings = settings;
        this.left = left;
        this.right = right;
        config.set(settings.get());   // show what will run before the first run
        order.addListener((o, was, now) -> warning.set(now == Order.TOGETHER
                ? String.format(Locale.ROOT, "Together: both JVMs share this machine's %d CPU cores, so each runs slower "
                        + "than alone. One after the other gives the fair numbers.", Runtime.getRuntime().availableProcessors())
                : ""));
        left.setOnOpened(this::sideOpened);
        right.setOnOpened(this::sideOpened);
    }

    /** A saved run was opened on a side: with a time on the other side too, the two are compared at once. */
    private void sideOpened() {
        if (busy.get()) {
            return;
        }
        ranAs = null;   // recorded apart, at other times: neither "together" nor one right after the other here
        ratio.set("");
        if (left.hasComparableTime() && right.hasComparableTime()) {
            concluded();
        } else {
            message.set("A saved run is on one side: run both, or open a run on the other side, to compare.");
        }
    }

    public void runBoth() {
        if (busy.get()) {
            message.set("A comparison is running: Stop (Esc) first.");
            return;
        }
        WorkloadConfig c = settings.get();
        if (c == null) {
            message.set("The main window's settings are not valid: fix them there first.");
            return;
        }
        config.set(c);
        ratio.set("");
        busy.set(true);
        ranAs = order.get();
        left.start(c);
        if (order.get() == Order.TOGETHER) {
            right.start(c);
            rightPending = false;
        } else {
            rightPending = true;
        }
        message.set(String.format(Locale.ROOT, "Running %s, P=%d, N=%,d %s ...", c.workloadName(),
                c.parallelism(), c.threads(), order.get() == Order.TOGETHER ? "on both at once" : "left, then right"));
    }

    public void stop() {
        rightPending = false;
        left.stop();
        right.stop();
    }

    /** Called once per frame. */
    public void pulse() {
        left.pulse();
        right.pulse();
        if (rightPending && !left.state().isActive()) {
            rightPending = false;
            if (left.outcomeProperty().get() != null) {
                right.start(config.get());   // the left run ended, however it ended (a child may never have run)
            }   // else the left side could not even start
        }
        if (busy.get() && !rightPending && !left.state().isActive() && !right.state().isActive()) {
            busy.set(false);
            concluded();
        }
    }

    private void concluded() {
        if (left.hasComparableTime() && right.hasComparableTime()) {
            RunSummary a = left.summaryProperty().get();
            RunSummary b = right.summaryProperty().get();
            double r = a.wallMillis() / b.wallMillis();
            ratio.set((r >= 1
                    ? String.format(Locale.ROOT, "Left took %.1f× as long as right", r)
                    : String.format(Locale.ROOT, "Right took %.1f× as long as left", 1 / r))
                    + (ranAs == Order.TOGETHER ? " " + TimingCard.Comparison.TOGETHER : ""));
            message.set("Both runs completed.");
        } else {
            message.set("No ratio: a run did not complete (see its side).");
        }
    }

    public CompareSideViewModel left() { return left; }

    public CompareSideViewModel right() { return right; }

    public ObjectProperty<Order> orderProperty() { return order; }

    /** How the last comparison ran (whatever the choice says now); null before the first. */
    public Order ranAs() { return ranAs; }

    public ReadOnlyObjectProperty<WorkloadConfig> configProperty() { return config.getReadOnlyProperty(); }

    /** "Left took 21.9× as long as right" once both completed, else empty. */
    public ReadOnlyStringProperty ratioProperty() { return ratio.getReadOnlyProperty(); }

    public ReadOnlyStringProperty warningProperty() { return warning.getReadOnlyProperty(); }

    public ReadOnlyStringProperty messageProperty() { return message.getReadOnlyProperty(); }

    public ReadOnlyBooleanProperty busyProperty() { return busy.getReadOnlyProperty(); }

    public boolean isBusy() { return busy.get(); }
}
