package loomscope.scenario;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import loomscope.workload.RunLimits;
import loomscope.workload.ScenarioChoice;
import loomscope.workload.ScenarioRun;
import loomscope.workload.TaskShape;
import loomscope.workload.WorkloadConfig;

/**
 * A scenario and the values of its own parameters, every one present (defaults filled in), checked on
 * construction: an unknown name or a value out of bounds is refused with one line naming it, like
 * {@link RunLimits} does for the run's shape.
 *
 * @param values canonical text by parameter name, in the scenario's order
 */
public record ScenarioParams(Scenario scenario, Map<String, String> values) implements ScenarioChoice {

    public ScenarioParams {
        if (scenario == null) {
            throw new RunLimits.InvalidRunException(List.of(new RunLimits.Problem(RunLimits.Field.SCENARIO,
                    "is required; allowed: " + Scenarios.names())));
        }
        Map<String, String> given = values == null ? Map.of() : values;
        List<RunLimits.Problem> problems = new ArrayList<>();
        for (String key : given.keySet()) {
            if (scenario.params().stream().noneMatch(p -> p.name().equals(key))) {
                problems.add(new RunLimits.Problem(RunLimits.Field.PARAM, "'" + key + "' is not a parameter of "
                        + scenario.name() + "; it has: " + paramNames(scenario)));
            }
        }
        Map<String, String> canonical = new LinkedHashMap<>();
        for (ScenarioParam param : scenario.params()) {
            String raw = given.get(param.name());
            ScenarioParam.Checked checked = param.check(raw == null ? param.defaultText() : raw);
            if (checked.ok()) {
                canonical.put(param.name(), checked.value());
            } else {
                problems.add(new RunLimits.Problem(RunLimits.Field.PARAM, param.name() + " " + checked.rule()));
            }
        }
        RunLimits.throwIfAny(problems);
        values = Collections.unmodifiableMap(canonical);
    }

    /** Every parameter at its default. */
    public static ScenarioParams defaults(Scenario scenario) {
        return new ScenarioParams(scenario, Map.of());
    }

    @Override public String name() { return scenario.name(); }

    /** What one task does with these values ({@link Scenario#shape}). */
    @Override public TaskShape shape() { return scenario.shape(this); }

    @Override public String label() { return scenario.label(this); }

    @Override public String paramsText() { return scenario.paramsText(this); }

    @Override public boolean onJdkCarriers() { return scenario.onJdkCarriers(); }

    @Override public String yourCodeClass() { return scenario.yourCodeClass(this); }

    @Override public boolean runsYourCode() { return scenario.runsYourCode(); }

    @Override public void checkRunnable() { scenario.checkRunnable(this); }

    @Override public ScenarioRun prepare(WorkloadConfig config) { return scenario.prepare(config); }

    /** These values with {@code name} set to {@code value}, checked like any. */
    @Override
    public ScenarioParams with(String name, String value) {
        Map<String, String> changed = new LinkedHashMap<>(values);
        changed.put(name, value);
        return new ScenarioParams(scenario, changed);
    }

    @Override
    public int intValue(String name) {
        return Integer.parseInt(value(name));
    }

    @Override
    public String value(String name) {
        String v = values.get(name);
        if (v == null) {
            throw new IllegalArgumentException(scenario.name() + " has no parameter " + name);
        }
        return v;
    }

    /** {@code k=v k=v}, in the scenario's order: how a log line or a card names what ran. */
    @Override
    public String text() {
        return values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    private static String paramNames(Scenario scenario) {
        return scenario.params().isEmpty() ? "none"
                : scenario.params().stream().map(ScenarioParam::name).collect(Collectors.joining(", "));
    }
}
