package loomscope.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import loomscope.recording.RecordedRun;
import loomscope.recording.RunSummary;
import loomscope.workload.LockMode;
import loomscope.workload.WorkloadConfig;
import loomscope.workload.WorkloadRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** One run, printed like the seeds print it, or as one JSON object. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run the workload once and print the seeds' lines (or --json).")
final class RunCommand implements Callable<Integer> {

    @Mixin
    WorkloadOptions workload = new WorkloadOptions();

    @Option(names = "--lock", paramLabel = "MODE", converter = WorkloadOptions.LockConverter.class,
            description = "none, shared-synchronized, synchronized, reentrant-lock, native-frame. Default: synchronized.")
    LockMode lock = LockMode.SYNCHRONIZED;

    @Option(names = "--parallelism", paramLabel = "P", description = "Carriers, 1..64. Default: ${DEFAULT-VALUE}.")
    int parallelism = 1;

    @Option(names = "--json", description = "Print one JSON object instead of the seeds' lines.")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        WorkloadConfig config = workload.config(lock, parallelism);
        PrintWriter out = spec.commandLine().getOut();
        WorkloadRun.checkRunnable(config);
        if (!json) {
            SeedLines.before(out, config);
        }
        RecordedRun run = RecordedRun.start(config);
        Thread stopOnCtrlC = new Thread(() -> run.run().cancel(), "loomscope-cancel");
        Runtime.getRuntime().addShutdownHook(stopOnCtrlC);
        run.await(Long.MAX_VALUE);
        Runtime.getRuntime().removeShutdownHook(stopOnCtrlC);
        if (run.run().failure() != null) {
            throw new IllegalStateException("the run failed: " + run.run().failure(), run.run().failure());
        }
        RunSummary summary = run.summary();
        if (json) {
            out.println(toJson(summary));
        } else {
            SeedLines.after(out, summary);
        }
        return summary.cancelled() ? 130 : 0;
    }

    static String toJson(RunSummary summary) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode node = mapper.valueToTree(summary);
        node.put("ratioToBoundUnpinned", round(summary.ratioTo(summary.boundUnpinnedMillis())));
        node.put("ratioToBoundPinned", round(summary.ratioTo(summary.boundPinnedMillis())));
        return mapper.writeValueAsString(node);
    }

    private static double round(double v) {
        return Double.isFinite(v) ? Double.parseDouble(String.format(Locale.ROOT, "%.4f", v)) : 0;
    }
}
