package loomscope.ui.run;

import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import loomscope.remote.RunTarget;
import loomscope.workload.LockMode;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/** The next run's settings as typed in the controls, and what is wrong with them. */
public final class RunInputs {
    /** The thread field draws one cell per thread; beyond this the cells get smaller than a pixel. */
    public static final int MAX_UI_THREADS = loomscope.workload.RunLimits.WINDOW_MAX_THREADS;
    private static final IntInput THREADS = new IntInput("Virtual threads N", 1, MAX_UI_THREADS);
    private static final IntInput CPU = new IntInput("CPU iterations", 0, WorkloadConfig.MAX_CPU_ITERATIONS);
    private static final IntInput SLEEP = new IntInput("Sleep ms", 0, WorkloadConfig.MAX_SLEEP_MILLIS);

    private final ObjectProperty<RunTarget> runOn = new SimpleObjectProperty<>(new RunTarget.ThisJvm());
    private final ObjectProperty<LockMode> lockMode = new SimpleObjectProperty<>(LockMode.SYNCHRONIZED);
    private final IntegerProperty parallelism = new SimpleIntegerProperty(1);
    private final StringProperty threadsText = new SimpleStringProperty("5000");
    private final StringProperty cpuText = new SimpleStringProperty("10000");
    private final StringProperty sleepText = new SimpleStringProperty("5");
    private final ReadOnlyStringWrapper inputError = new ReadOnlyStringWrapper("");

    /** Calls {@code changed} after any workload input changes (not "Run on": it does not change the workload). */
    public void onChange(Runnable changed) {
        lockMode.addListener((o, a, b) -> changed.run());
        parallelism.addListener((o, a, b) -> changed.run());
        threadsText.addListener((o, a, b) -> changed.run());
        cpuText.addListener((o, a, b) -> changed.run());
        sleepText.addListener((o, a, b) -> changed.run());
    }

    /** The config the inputs describe, or null (and {@link #inputErrorProperty()} says why). */
    public WorkloadConfig configFromInputs() {
        StringBuilder errors = new StringBuilder();
        WorkloadConfig config = readInputs(errors);
        inputError.set(errors.toString());
        return config;
    }

    /** The config the inputs describe, or null; unlike {@link #configFromInputs()} it sets no message (for bindings). */
    public WorkloadConfig configFromInputsQuietly() {
        return readInputs(new StringBuilder());
    }

    /** Where the next run happens; this JVM when nothing is chosen. */
    public RunTarget where() {
        return runOn.get() == null ? new RunTarget.ThisJvm() : runOn.get();
    }

    /** The inputs as a config, or null with the reasons appended to {@code errors}; changes no property. */
    private WorkloadConfig readInputs(StringBuilder errors) {
        int n = valueOf(THREADS.parse(threadsText.get()), errors);
        int cpu = valueOf(CPU.parse(cpuText.get()), errors);
        int sleep = valueOf(SLEEP.parse(sleepText.get()), errors);
        if (!errors.isEmpty()) {
            return null;
        }
        return new WorkloadConfig(n, cpu, sleep, lockMode.get(), parallelism.get(), SchedulerKind.POOL, ThreadKind.VIRTUAL);
    }

    private static int valueOf(IntInput.Result result, StringBuilder errors) {
        return switch (result) {
            case IntInput.Valid v -> v.value();
            case IntInput.Invalid i -> {
                errors.append(errors.isEmpty() ? "" : "  ").append(i.message()).append('.');
                yield -1;
            }
        };
    }

    /** Where the next run happens: this JVM (default) or a child JVM from the "Run on" choice. */
    public ObjectProperty<RunTarget> runOnProperty() { return runOn; }

    public ObjectProperty<LockMode> lockModeProperty() { return lockMode; }

    public IntegerProperty parallelismProperty() { return parallelism; }

    public StringProperty threadsTextProperty() { return threadsText; }

    public StringProperty cpuTextProperty() { return cpuText; }

    public StringProperty sleepTextProperty() { return sleepText; }

    public ReadOnlyStringProperty inputErrorProperty() { return inputError.getReadOnlyProperty(); }
}
