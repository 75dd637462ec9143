package loomscope.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import loomscope.scenario.Scenario;
import loomscope.scenario.ScenarioParam;
import loomscope.scenario.Scenarios;
import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;
import loomscope.workload.ParamArguments;
import loomscope.workload.WorkloadConfig;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

/**
 * {@code --scenario NAME --param k=v ...}: which workload runs. Without them the seed runs from its own options,
 * exactly as before. The seed's options (--lock, --cpu-iterations, --sleep-ms) are its parameters; any other
 * scenario refuses them and takes its own through --param. --threads and --parallelism work for every scenario;
 * left out, the scenario's defaults apply.
 */
final class ScenarioOptions {
    private static final List<String> SEED_OPTIONS = List.of("--lock", "--cpu-iterations", "--sleep-ms");

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
        Scenario s = Scenarios.chosenByName(scenario == null ? SeedScenario.NAME : scenario);
        Map<String, String> values = new LinkedHashMap<>();
        if (s instanceof SeedScenario) {
            putIfGiven(values, parsed, "--lock", "lock", lock.cliName());
            putIfGiven(values, parsed, "--cpu-iterations", "cpu-iterations", Integer.toString(w.cpuIterations));
            putIfGiven(values, parsed, "--sleep-ms", "sleep-ms", Integer.toString(w.sleepMillis));
        } else {
            for (String option : SEED_OPTIONS) {
                if (parsed.hasMatchedOption(option)) {
                    throw new BadOption(option, "is the seed's; " + s.name() + " takes " + paramList(s));
                }
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

    private static void putIfGiven(Map<String, String> values, ParseResult parsed, String option, String param,
                                   String value) {
        if (parsed.hasMatchedOption(option)) {
            values.put(param, value);
        }
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
