package loomscope.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;

import loomscope.scenario.Scenario;
import loomscope.scenario.Scenarios;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code scenarios}: what can run, one line each with its seed's author; {@code --verbose} adds parameters and figures. */
@Command(name = "scenarios", mixinStandardHelpOptions = true,
        description = "List the scenarios `run --scenario NAME` takes, with the write-up each comes from.")
final class ScenariosCommand implements Callable<Integer> {

    @Option(names = {"-v", "--verbose"}, description = "Also each scenario's parameters, defaults and the seed's published figures.")
    boolean verbose;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        int width = Scenarios.ALL.stream().mapToInt(s -> s.name().length()).max().orElse(0);
        for (Scenario s : Scenarios.ALL) {
            out.printf(Locale.ROOT, "%-" + width + "s  %s  [seed: %s]%n", s.name(), s.shows(), s.source().author());
            if (verbose) {
                out.printf(Locale.ROOT, "%" + width + "s    defaults: --threads %,d --parallelism %d%n", "",
                        s.defaultThreads(), s.defaultParallelism());
                for (String line : ScenarioOptions.paramLines(s)) {
                    out.printf(Locale.ROOT, "%" + width + "s    --param %s%n", "", line);
                }
                out.printf(Locale.ROOT, "%" + width + "s    seed: %s%n", "", s.source().title());
                out.printf(Locale.ROOT, "%" + width + "s    published: %s%n", "", s.source().figures());
            }
        }
        out.flush();
        return 0;
    }
}
