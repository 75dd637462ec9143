package loomscope.ui.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;

import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import loomscope.runs.RunTarget;
import loomscope.scenario.Scenario;
import loomscope.scenario.ScenarioParam;
import loomscope.scenario.Scenarios;
import loomscope.scenario.SeedScenario;
import loomscope.scenario.TaskFileScenario;
import loomscope.workload.LockMode;
import loomscope.workload.RunLimits;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/**
 * The next run's settings as typed in the controls, and what is wrong with them. The scenario decides which
 * inputs count: its own parameters ({@link #paramTextProperty}), the seed's lock mode, CPU iterations and sleep as
 * any other's, each kept as typed while another scenario is chosen. Choosing a scenario sets N and P to its
 * defaults.
 */
public final class RunInputs {
    /** The audience's own code, edited in the window: not one of {@link Scenarios#ALL}, which the CLI lists. */
    public static final Scenario YOUR_CODE = new TaskFileScenario();
    /** What the window offers: every scenario, then your code. */
    public static final List<Scenario> CHOOSABLE = Stream.concat(Scenarios.ALL.stream(),
            Stream.of(YOUR_CODE)).toList();
    /** The thread field draws one cell per thread; beyond this the cells get smaller than a pixel. */
    public static final int MAX_UI_THREADS = RunLimits.WINDOW_MAX_THREADS;
    private static final IntInput THREADS = new IntInput("Virtual threads N", 1, MAX_UI_THREADS);

    private final ObjectProperty<RunTarget> runOn = new SimpleObjectProperty<>(new RunTarget.ThisJvm());
    /** The default scenario's lock parameter as a mode: a view of its text ({@link #lockModeProperty}). */
    private final ObjectProperty<LockMode> lockMode = new SimpleObjectProperty<>(LockMode.SYNCHRONIZED);
    private final IntegerProperty parallelism = new SimpleIntegerProperty(1);
    private final StringProperty threadsText = new SimpleStringProperty("5000");
    private final ReadOnlyStringWrapper inputError = new ReadOnlyStringWrapper("");
    private final ReadOnlyIntegerWrapper revision = new ReadOnlyIntegerWrapper(0);
    private final ObjectProperty<Scenario> scenario = new SimpleObjectProperty<>(Scenarios.DEFAULT);
    private Supplier<String> yourCodeClass = () -> "Task";
    /** Each scenario's parameters as typed, by scenario name, then parameter name (in its order). */
    private final Map<String, Map<String, StringProperty>> params = new LinkedHashMap<>();

    public RunInputs() {
        for (Scenario s : CHOOSABLE) {
            Map<String, StringProperty> texts = new LinkedHashMap<>();
            s.params().forEach(p -> texts.put(p.name(), new SimpleStringProperty(p.defaultText())));
            params.put(s.name(), texts);
        }
        followLockText(paramTextProperty(Scenarios.DEFAULT, SeedScenario.LOCK));
        // a chosen scenario brings its own N and P: the seed's 5,000 threads would be minutes of class-init
        scenario.addListener((o, was, now) -> {
            if (now == null) {
                scenario.set(was != null ? was : Scenarios.DEFAULT);
                return;
            }
            threadsText.set(Integer.toString(now.defaultThreads()));
            parallelism.set(now.defaultParallelism());
        });
        onChange(() -> revision.set(revision.get() + 1));
    }

    /** Keeps {@link #lockMode} and the lock's text one value: a text that names no mode leaves the mode as it was. */
    private void followLockText(StringProperty lockText) {
        lockMode.addListener((o, a, mode) -> {
            if (mode != null && !mode.cliName().equals(lockText.get())) {
                lockText.set(mode.cliName());
            }
        });
        lockText.addListener((o, a, text) -> {
            try {
                LockMode mode = LockMode.fromCliName(text);
                if (mode != lockMode.get()) {
                    lockMode.set(mode);
                }
            } catch (IllegalArgumentException notAMode) {
                // the text's own check names it when a run reads the inputs
            }
        });
    }

    /** Counts changes of any workload input: for bindings that must follow them all (a parameter of any scenario). */
    public ReadOnlyIntegerProperty revisionProperty() { return revision.getReadOnlyProperty(); }

    /** Calls {@code changed} after any workload input changes (not "Run on": it does not change the workload). */
    public void onChange(Runnable changed) {
        parallelism.addListener((o, a, b) -> changed.run());
        threadsText.addListener((o, a, b) -> changed.run());
        scenario.addListener((o, a, b) -> changed.run());
        params.values().forEach(texts -> texts.values().forEach(t -> t.addListener((o, a, b) -> changed.run())));
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
        return readScenario(scenario.get(), errors);
    }

    /** A scenario's own parameters, each checked by its {@link ScenarioParam} (one rule book: the CLI's). */
    private WorkloadConfig readScenario(Scenario chosen, StringBuilder errors) {
        IntInput threads = new IntInput(THREADS.name(), Math.max(1, chosen.minimumThreads()), MAX_UI_THREADS);
        int n = valueOf(threads.parse(threadsText.get()), errors);
        Map<String, String> values = new LinkedHashMap<>();
        // your code's run is named after the source's class as it is typed; its classes' folder exists only once it compiled
        values.putAll(chosen.yourCodeParams(yourCodeClass.get(), ""));
        for (ScenarioParam p : paramsWithInputs(chosen)) {
            String typed = params.get(chosen.name()).get(p.name()).get();
            ScenarioParam.Checked checked = p.check(typed);
            if (checked.ok()) {
                values.put(p.name(), checked.value());
            } else {
                append(errors, p.name() + " " + checked.rule());
            }
        }
        if (!errors.isEmpty()) {
            return null;
        }
        try {
            return Scenarios.config(chosen, values, n, parallelism.get(), SchedulerKind.POOL, ThreadKind.VIRTUAL);
        } catch (RunLimits.InvalidRunException e) {
            append(errors, e.getMessage());
            return null;
        }
    }

    private static void append(StringBuilder errors, String message) {
        errors.append(errors.isEmpty() ? "" : "  ").append(message).append('.');
    }

    private static int valueOf(IntInput.Result result, StringBuilder errors) {
        return switch (result) {
            case IntInput.Valid v -> v.value();
            case IntInput.Invalid i -> {
                append(errors, i.message());
                yield -1;
            }
        };
    }

    /** Where the next run happens: this JVM (default) or a child JVM from the "Run on" choice. */
    public ObjectProperty<RunTarget> runOnProperty() { return runOn; }

    /**
     * The default scenario's (the seed's) {@code lock} parameter as a mode: what the code pane, your code's starter
     * and the keys 1-5 read and set. One value with {@code paramTextProperty(Scenarios.DEFAULT, "lock")}.
     */
    public ObjectProperty<LockMode> lockModeProperty() { return lockMode; }

    public IntegerProperty parallelismProperty() { return parallelism; }

    public StringProperty threadsTextProperty() { return threadsText; }

    public ReadOnlyStringProperty inputErrorProperty() { return inputError.getReadOnlyProperty(); }

    /** The scenario the next run runs; setting it sets N and P to its defaults. Never null. */
    public ObjectProperty<Scenario> scenarioProperty() { return scenario; }

    /**
     * The chosen scenario's first {@link ScenarioParam.Choice} (the seed's lock mode), or null: the one the keys 1-5
     * choose from.
     */
    public ScenarioParam.Choice chosenChoice() {
        return paramsWithInputs(scenario.get()).stream().filter(ScenarioParam.Choice.class::isInstance)
                .map(ScenarioParam.Choice.class::cast).findFirst().orElse(null);
    }

    /**
     * The text typed for {@code param} of {@code scenario}.
     *
     * @throws IllegalArgumentException for a name the scenario has no input for
     */
    public StringProperty paramTextProperty(Scenario of, String param) {
        Map<String, StringProperty> texts = of == null ? null : params.get(of.name());
        StringProperty text = texts == null ? null : texts.get(param);
        if (text == null) {
            throw new IllegalArgumentException(of.name() + " has no parameter input " + param);
        }
        return text;
    }

    /**
     * Sets {@code param} of {@code of} to {@code value}, as typed.
     *
     * @throws IllegalArgumentException for a name the scenario has no input for
     */
    public void setParam(Scenario of, String param, String value) {
        paramTextProperty(of, param).set(value);
    }

    /** Names the class of your code's next run (the window's source says it). */
    public void setYourCodeClass(Supplier<String> className) {
        this.yourCodeClass = className;
    }

    /** {@code scenario}'s parameters as typed, by name, in its order (empty for your code). */
    public Map<String, String> paramTexts(Scenario of) {
        Map<String, String> typed = new LinkedHashMap<>();
        if (!paramsWithInputs(of).isEmpty()) {
            params.get(of.name()).forEach((k, v) -> typed.put(k, v.get()));
        }
        return typed;
    }

    /** The parameters of {@code scenario} that have inputs here: those a person types ({@link Scenario#typedParams}). */
    public static List<ScenarioParam> paramsWithInputs(Scenario of) {
        return of == null ? List.of() : of.typedParams();
    }
}
