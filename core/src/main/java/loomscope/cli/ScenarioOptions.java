package loomscope.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import loomscope.scenario.Scenario;
import loomscope.scenario.ScenarioParam;
import loomscope.scenario.Scenarios;
import loomscope.workload.LockMode;
import loomscope.workload.ParamArguments;
import loomscope.workload.WorkloadConfig;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

/**
 * {@code --scenario NAME --param k=v ...}: which workload runs. Without them the default scenario (the seed) runs
 * from its own options, exactly as before. A scenario's parameters with options of their own
 * ({@link Scenario#paramsWithOwnOption}: the seed's --lock, --cpu-iterations, --sleep-ms) are spellings of
 * --param; any other scenario refuses those options and takes its own through --param. --threads and
 * --parallelism work for every scenario; left out, the scenario's defaults apply.
 */
final class ScenarioOptions {

    @Option(names = "--scenario", paramLabel = "NAME",
            description = "What runs (`loomscope scenarios` lists them). Default: seed.")
    String scenario;

    @Option(names = "--param", paramLabel = "NAME=VALUE",
            description = "A parameter of the scenario, repeatable, e.g. --param wait-ms=100.")
    List<String> paramArgs = new ArrayList<>();

    /** The --param values by name, in order; a name given twice is refused. */
    Map<String, String> params() {
        try {
            return ParamArguments.byName(paramArgs);
        } catch (IllegalArgumentException e) {
            throw new BadOption("--param", e.getMessage());
        }
    }

    /** The run these options and the workload's describe; refused in one line naming the option. */
    WorkloadConfig config(WorkloadOptions w, LockMode lock, int parallelism, ParseResult parsed) {
        Map<String, String> params = params();
        if (scenario == null && params.isEmpty()) {
            return w.config(lock, parallelism);
        }
        Scenario s = scenario == null ? Scenarios.DEFAULT : Scenarios.chosenByName(scenario);
        Map<String, String> values = new LinkedHashMap<>();
        for (Scenario owner : Scenarios.ALL) {
            for (String param : owner.paramsWithOwnOption()) {
                String option = "--" + param;
                if (!parsed.hasMatchedOption(option) || values.containsKey(param)) {
                    continue;
                }
                if (!s.paramsWithOwnOption().contains(param)) {
                    throw new BadOption(option, "is the " + owner.name() + "'s; " + s.name() + " takes " + paramList(s));
                }
                // the value as its option's converter read it: a lock mode's CLI name, a whole number
                Object typed = parsed.matchedOptionValue(option, null);
                values.put(param, String.valueOf(typed));
            }
        }
        for (Map.Entry<String, String> e : params.entrySet()) {
            if (values.containsKey(e.getKey())) {
                throw new BadOption("--param", e.getKey() + " is given twice (as --param and as its own option)");
            }
            values.put(e.getKey(), e.getValue());
        }
        return Scenarios.config(s, values, parsed.hasMatchedOption("--threads") ? w.threads : null,
                parsed.hasMatchedOption("--parallelism") ? parallelism : null, w.scheduler, w.threadKind);
    }

    static String paramList(Scenario s) {
        return s.params().isEmpty() ? "no parameters"
                : s.params().stream().map(p -> "--param " + p.name() + "=" + p.defaultText())
                        .collect(Collectors.joining(" "));
    }

    /** "wait-ms=100 (1..60,000): lock.wait(W) inside synchronized, ms" per parameter. */
    static List<String> paramLines(Scenario s) {
        return s.params().stream().map(ScenarioOptions::paramLine).toList();
    }

    private static String paramLine(ScenarioParam p) {
        return p.name() + "=" + p.defaultText() + " (" + p.allowedText() + "): " + p.description();
    }
}
