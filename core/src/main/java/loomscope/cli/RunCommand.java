package loomscope.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import loomscope.jdks.JdkCheck;
import loomscope.jdks.JdkInspector;
import loomscope.runs.RunTarget;
import loomscope.probe.InProcessSnapshotter;
import loomscope.probe.PinnedThreadsTable;
import loomscope.probe.ProbeReport;
import loomscope.probe.ProbeSelection;
import loomscope.probe.ProbeSession;
import loomscope.probe.ThreadDumpExport;
import loomscope.recording.RecordedRun;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.report.ExportFolder;
import loomscope.scenario.Scenario;
import loomscope.scenario.Scenarios;
import loomscope.taskfile.TaskFolder;
import loomscope.workload.LockMode;
import loomscope.workload.RunLimits;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;
import loomscope.workload.WorkloadRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** One run, printed like the seeds print it, or as one JSON object. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run the workload once and print the seeds' lines (or --json).")
final class RunCommand implements Callable<Integer> {

    @Mixin
    WorkloadOptions workload = new WorkloadOptions();

    @Mixin
    ScenarioOptions scenario = new ScenarioOptions();

    @Option(names = "--lock", paramLabel = "MODE", converter = WorkloadOptions.LockConverter.class,
            description = "none, shared-synchronized, synchronized, reentrant-lock, native-frame. Default: synchronized.")
    LockMode lock = LockMode.SYNCHRONIZED;

    @Option(names = "--parallelism", paramLabel = "P", description = "Carriers, 1..64. Default: ${DEFAULT-VALUE}.")
    int parallelism = 1;

    @Option(names = "--json", description = "Print one JSON object instead of the seeds' lines.")
    boolean json;

    @Option(names = "--probes", paramLabel = "none|jfr|snapshots|all", converter = ProbesConverter.class,
            description = "The JDK's own view alongside the recording: JFR pinned events, in-process thread snapshots, "
                    + "both, or none. Default: all (with --jdk: jfr; snapshots there are HotSpot JSON dumps polled in the child).")
    ProbeSelection probes = ProbeSelection.ALL;

    @Option(names = "--snapshot-rate", paramLabel = "HZ",
            description = "Thread snapshots per second, more than 0 and up to 10. Default: ${DEFAULT-VALUE}.")
    double snapshotRate = InProcessSnapshotter.DEFAULT_RATE_HZ;

    @Option(names = "--save-jfr", paramLabel = "FILE",
            description = "Write the run's JFR recording (pinned events with stacks) to FILE; opens in JDK Mission Control.")
    Path saveJfr;

    @Option(names = "--thread-dump", paramLabel = "FILE",
            description = "After the run, write HotSpot's JSON thread dump (jcmd's format) to FILE. Never during a run: "
                    + "it can crash JDK 25.0.3 while virtual threads mount and unmount.")
    Path threadDump;

    @Option(names = "--save", paramLabel = "FILE.loomrun",
            description = "Save the whole recording (every mount, phase and JFR pinned event) to open, replay and export later.")
    Path save;

    @Option(names = "--jdk", paramLabel = "PATH",
            description = "Run in a child JVM of this Java runtime (21 or newer): its home, bin folder or java launcher.")
    Path jdk;

    @Option(names = "--jvm-arg", paramLabel = "ARG",
            description = "A flag for the child JVM, repeatable, e.g. --jvm-arg=-XX:LockingMode=1 "
                    + "(legacy locking: synchronized pins again). Without --jdk the child runs on this JVM's runtime.")
    List<String> jvmArgs = new ArrayList<>();

    @Option(names = "--fail-on-pin", description = "With --task-file: exit 3 and print the sites when the JDK saw the "
            + "task pinned at a site of its own (JFR's pinned events of 1 ms or more with a frame outside the JDK); for CI.")
    boolean failOnPin;

    @Option(names = "--task-file", paramLabel = "FILE.java",
            description = "Your own task: one public class with a public no-argument constructor and public void "
                    + "run(int index) throws Exception; each virtual thread calls run with its index. Compiled here "
                    + "for the JDK that runs it, run in a child JVM (--jdk, --jvm-arg as for any run).")
    Path taskFile;

    @Option(names = "--every", paramLabel = "SECONDS", description = "While it runs, print one JSON line every SECONDS "
            + "(more than 0, up to 3600): mounts so far, pinned, captured, stalled, unsure, not yet classed, and the top "
            + "sites; the run's lines (or --json's object) follow at its end.")
    Double every;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        LiveLines.check(every);
        if (failOnPin && taskFile == null) {
            throw new BadOption("--fail-on-pin", "goes with --task-file (or attach): LoomScope's own scenarios pin on purpose");
        }
        if (taskFile != null) {
            return runTaskFile();
        }
        // every refusal before any work: a run takes up to minutes, its outputs are checked first
        WorkloadConfig config = scenario.config(workload, lock, parallelism, spec.commandLine().getParseResult());
        RunLimits.checkSnapshotRate(snapshotRate);
        if (jdk != null || !jvmArgs.isEmpty()) {
            ProbeSelection childProbes = spec.commandLine().getParseResult().hasMatchedOption("--probes")
                    ? probes : ProbeSelection.JFR;   // HotSpot dumps in the child only when asked for
            RunTarget.ChildJvm target = childTarget();
            SavedRunOutput.check(save);
            return ChildJvmRun.run(config, target, childProbes, snapshotRate, json, save, false, every,
                    spec.commandLine().getOut(), spec.commandLine().getErr());
        }
        PrintWriter out = spec.commandLine().getOut();
        checkOutputs();
        WorkloadRun.checkRunnable(config);
        if (!json) {
            SeedLines.before(out, config, Runtime.version().toString());
        }
        ProbeSession.ProbedRun probed = ProbeSession.start(config, probes, snapshotRate);
        try (ProbeSession session = probed.probes()) {
            RecordedRun run = probed.run();
            Thread stopOnCtrlC = new Thread(() -> run.run().cancel(), "loomscope-cancel");
            Runtime.getRuntime().addShutdownHook(stopOnCtrlC);
            try (LiveLines lines = LiveLines.start(every, out, spec.commandLine().getErr(), LiveLines.of(run::recording))) {
                run.await(Long.MAX_VALUE);
            }
            Runtime.getRuntime().removeShutdownHook(stopOnCtrlC);
            if (run.run().failure() != null) {
                throw new IllegalStateException("the run failed: " + run.run().failure(), run.run().failure());
            }
            // the witnesses class the mounts as the probes finish: the summary counts them as classed
            ProbeReport report = session.finish();
            RunSummary summary = run.summary();
            // the run's results are printed even when a file cannot be written after all (disk full, folder gone)
            List<String> failures = new ArrayList<>();
            boolean jfrSaved = saveJfr != null && written("--save-jfr", saveJfr, failures, () -> session.saveJfr(saveJfr, false));
            boolean dumped = threadDump != null && written("--thread-dump", threadDump, failures,
                    () -> ThreadDumpExport.write(threadDump, false, false, false));
            String saved = save == null ? null : SavedRunOutput.write(save, run.recording(), List.of(),
                    session.jfr() == null ? List.of() : session.jfr().pinnedEvents(), failures);
            if (json) {
                out.println(withUnsureMounts(toJson(summary, report, config), run.recording()));
            } else {
                SeedLines.after(out, summary, config);
                out.println(report.verifiedLine());
                ProbeJson.causesText(out, report);
                SeedLines.crossCheck(out, run.recording(), config);
                if (report.jfr() != null && report.jfr().events() > 0) {
                    out.print(PinnedThreadsTable.format(PinnedThreadsTable.of(session.jfr().pinnedEvents())));
                }
                if (jfrSaved) {
                    out.println("JFR recording: " + saveJfr.toAbsolutePath());
                }
                if (dumped) {
                    out.println("Thread dump (HotSpot JSON): " + threadDump.toAbsolutePath());
                }
                if (saved != null) {
                    out.println(saved);
                }
            }
            out.flush();
            PrintWriter err = spec.commandLine().getErr();
            failures.forEach(err::println);
            err.flush();
            return !failures.isEmpty() ? 1 : summary.cancelled() ? 130 : 0;
        }
    }

    private interface Write {
        void run() throws Exception;
    }

    private static boolean written(String option, Path file, List<String> failures, Write write) {
        try {
            write.run();
            return true;
        } catch (Exception e) {
            String reason = e instanceof IOException io ? ExportFolder.reason(io, file) : e.getMessage();
            failures.add("loomscope: " + option + ": could not write " + file.toAbsolutePath() + ": "
                    + LoomScopeCli.oneLine(reason));
            return false;
        }
    }

    private void checkOutputs() {
        if (saveJfr != null && !probes.jfr()) {
            throw new BadOption("--save-jfr", "needs JFR: use --probes jfr or all");
        }
        if (saveJfr != null && threadDump != null
                && saveJfr.toAbsolutePath().normalize().equals(threadDump.toAbsolutePath().normalize())) {
            throw new BadOption("--thread-dump", "is the same file as --save-jfr: " + threadDump.toAbsolutePath());
        }
        if (saveJfr != null) {
            OutputPaths.newFile(saveJfr, "--save-jfr");
        }
        SavedRunOutput.check(save);
        for (Path other : new Path[] {saveJfr, threadDump}) {
            if (save != null && other != null && save.toAbsolutePath().normalize().equals(other.toAbsolutePath().normalize())) {
                throw new BadOption("--save", "is the same file as another output: " + save.toAbsolutePath());
            }
        }
        if (threadDump != null) {
            OutputPaths.newFile(threadDump, "--thread-dump");
        }
    }

    /** The runtime --jdk names (refused with its reason if it cannot run the workload), else this JVM's. */
    private int runTaskFile() throws Exception {
        picocli.CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        for (String other : new String[] {"--scenario", "--param", "--lock", "--cpu-iterations", "--sleep-ms", "--save-jfr", "--thread-dump"}) {
            if (parsed.hasMatchedOption(other)) {
                throw new BadOption(other, "does not go with --task-file (the task is your class; its parameters are its fields)");
            }
        }
        // a task file runs on virtual threads on our recorded carriers: on platform threads or the JDK's scheduler
        // there are no mounts to record, and the run printed pinning lines that contradicted each other
        if (workload.threadKind != ThreadKind.VIRTUAL) {
            throw new BadOption("--thread-kind", "a task file runs on virtual threads (its mounts are what is shown); "
                    + "leave --thread-kind out");
        }
        if (workload.scheduler != SchedulerKind.POOL) {
            throw new BadOption("--scheduler", "a task file runs on LoomScope's recorded carriers; leave --scheduler out");
        }
        // as --from is: an empty path, a missing file, a folder, a pipe, each named for the option in one line (the
        // compiler's "FILE:0:0: not a file" said ":0:0: not a file" for --task-file= and called a missing file that)
        OutputPaths.inputFile(taskFile, "--task-file", Long.MAX_VALUE);
        if (failOnPin && parsed.hasMatchedOption("--probes") && !probes.jfr()) {
            throw new BadOption("--fail-on-pin", "needs JFR's pinned events: leave --probes out, or give one with jfr");
        }
        RunLimits.checkSnapshotRate(snapshotRate);
        RunTarget.ChildJvm target = childTarget();
        SavedRunOutput.check(save);
        // removed when the run is over, and on Ctrl+C too (the folder's shutdown hook)
        try (TaskFolder folder = TaskFolder.create()) {
            WorkloadConfig config;
            try {
                config = TaskFileRun.prepare(taskFile, target, folder.classes(), parsed.hasMatchedOption("--threads") ? workload.threads : null,
                        parsed.hasMatchedOption("--parallelism") ? parallelism : null, workload.scheduler, workload.threadKind);
            } catch (TaskFileRun.CompileErrors errors) {
                errors.print(spec.commandLine().getErr());
                return 2;
            }
            ProbeSelection childProbes = parsed.hasMatchedOption("--probes") ? probes : ProbeSelection.JFR;
            return ChildJvmRun.run(config, target, childProbes, snapshotRate, json, save, failOnPin, every,
                    spec.commandLine().getOut(), spec.commandLine().getErr());
        }
    }

    private RunTarget.ChildJvm childTarget() {
        for (String inProcessOnly : new String[] {"--save-jfr", "--thread-dump"}) {
            if (spec.commandLine().getParseResult().hasMatchedOption(inProcessOnly)) {
                throw new IllegalArgumentException(inProcessOnly + " works for runs in this JVM only, not with --jdk/--jvm-arg");
            }
        }
        Path home = jdk != null ? jdk : Path.of(System.getProperty("java.home"));
        JdkCheck check = new JdkInspector().inspect(home, "--jdk");
        if (check instanceof JdkCheck.Refused r) {
            throw r.reason().startsWith("--jdk") ? new IllegalArgumentException(r.reason()) : new BadOption("--jdk", r.reason());
        }
        RunTarget.ChildJvm plain = RunTarget.ChildJvm.of(((JdkCheck.Accepted) check).jdk());
        return new RunTarget.ChildJvm(plain.jdk(), jvmArgs, plain.label());
    }

    static String toJson(RunSummary summary) throws Exception {
        return toJson(summary, null);
    }

    static String toJson(RunSummary summary, ProbeReport report) throws Exception {
        return toJson(summary, report, null);
    }

    /** {@code config}: adds what ran (scenario, its parameters, its rate) when it is not the seed; null adds nothing. */
    static String toJson(RunSummary summary, ProbeReport report, WorkloadConfig config) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode node = mapper.valueToTree(summary);
        if (config != null) {
            node.put("scenario", config.scenario().name());
            ObjectNode params = node.putObject("params");
            config.scenario().values().forEach(params::put);
            Scenario.Rate rate = Scenarios.of(config).rate(Scenarios.params(config), summary.threads(),
                    summary.wallMillis());
            if (rate != null && !summary.cancelled()) {
                node.put("rate", round(rate.perSecond()));
                node.put("rateUnit", rate.unit());
            }
        }
        node.put("ratioToBoundUnpinned", round(summary.ratioTo(summary.boundUnpinnedMillis())));
        node.put("ratioToBoundPinned", round(summary.ratioTo(summary.boundPinnedMillis())));
        if (report != null) {
            ProbeJson.add(node, report);
        }
        return mapper.writeValueAsString(node);
    }

    /** {@code json} with the count of mounts the carriers' clocks could not judge, which a summary does not keep. */
    static String withUnsureMounts(String json, RunRecording recording) throws Exception {
        ObjectNode node = (ObjectNode) new ObjectMapper().readTree(json);
        node.put("unsureMounts", RunSummary.unsureMounts(recording));
        return node.toString();
    }

    static final class ProbesConverter implements picocli.CommandLine.ITypeConverter<ProbeSelection> {
        @Override
        public ProbeSelection convert(String value) {
            try {
                return ProbeSelection.fromCliName(value);
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    private static double round(double v) {
        return Double.isFinite(v) ? Double.parseDouble(String.format(Locale.ROOT, "%.4f", v)) : 0;
    }
}
