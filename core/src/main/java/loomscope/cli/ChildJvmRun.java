package loomscope.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import loomscope.runs.ChildProbeReport;
import loomscope.runs.ChildRun;
import loomscope.runs.RunOutcome;
import loomscope.runs.RunTarget;
import loomscope.probe.PinnedThreadsTable;
import loomscope.probe.ProbeReport;
import loomscope.probe.ProbeSelection;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.workload.WorkloadConfig;

/**
 * {@code run --jdk PATH [--jvm-arg ARG]...}: the run happens in a child JVM and this prints, from the recording
 * rebuilt out of the child's stream, the same lines (or JSON) as a run in this JVM. The JDK's second opinion
 * comes from the child too: JFR pinned events by default, HotSpot JSON thread dumps with {@code --probes
 * snapshots|all} (polled in the child, where a dump that crashes the JVM costs only the child).
 */
final class ChildJvmRun {

    private ChildJvmRun() { }

    static int run(WorkloadConfig config, RunTarget.ChildJvm target, ProbeSelection probes, double dumpsPerSecond,
                   boolean json, Path save, PrintWriter out, PrintWriter err) throws Exception {
        return run(config, target, probes, dumpsPerSecond, json, save, false, null, out, err);
    }

    /**
     * As above; {@code failOnPin}: {@link PinGate}'s exit where the JDK saw the application's code pinned;
     * {@code every}: {@link LiveLines}' period while the child runs, or null.
     */
    static int run(WorkloadConfig config, RunTarget.ChildJvm target, ProbeSelection probes, double dumpsPerSecond,
                   boolean json, Path save, boolean failOnPin, Double every, PrintWriter out, PrintWriter err)
            throws Exception {
        ChildRun.Options options = ChildRun.Options.plain()
                .withProbes(probes.jfr(), probes.snapshots() ? dumpsPerSecond : 0);
        ChildRun run = ChildRun.start(target, config, options);
        Thread stopOnCtrlC = new Thread(run::stop, "loomscope-cancel");
        Runtime.getRuntime().addShutdownHook(stopOnCtrlC);
        boolean announced = false;
        String stalled = null;
        LiveLines lines = null;
        try {
            while (!run.await(20)) {
                // before the run's classes load: a task's static initializer that never returns must not hide which JVM;
                // and before the live lines, which begin with the child's recording (its hello)
                boolean recording = run.recording() != null;
                if (!json && !announced && (run.preparing() || every != null && recording)) {
                    SeedLines.before(out, config, run.javaVersion());
                    announced = true;
                }
                if (lines == null && every != null && recording) {
                    lines = LiveLines.start(every, out, err, LiveLines.of(run::recording));
                }
                String noProgress = run.noProgress();
                if (noProgress != null && !noProgress.equals(stalled)) {
                    err.println("loomscope: " + noProgress + " (Ctrl+C stops it)");
                    err.flush();
                }
                stalled = noProgress;
            }
        } catch (InterruptedException e) {
            // a caller that embeds the CLI gave up on it (a test's timeout): the child must not outlive the command
            run.stop();
            Runtime.getRuntime().removeShutdownHook(stopOnCtrlC);
            throw e;
        } finally {
            if (lines != null) {
                lines.close();
            }
        }
        Runtime.getRuntime().removeShutdownHook(stopOnCtrlC);
        RunOutcome outcome = run.outcome();
        if (outcome instanceof RunOutcome.Failed f && run.summary() == null) {
            // the child refused the mode or did not start: bad input as far as this command is concerned
            throw new IllegalArgumentException(f.message());
        }
        if (outcome.isError()) {
            err.println("loomscope: " + outcome.describe());
            err.flush();
            return 1;
        }
        RunSummary summary = run.summary();
        ProbeReport report = ChildProbeReport.of(run, probes, dumpsPerSecond);
        List<String> failures = new ArrayList<>();
        String saved = save == null ? null
                : SavedRunOutput.write(save, run.recording(), target.jvmArgs(), run.pinnedEvents(), failures);
        if (json) {
            out.println(json(summary, report, target.jvmArgs(), config, run.recording()));
        } else {
            if (!announced) {
                SeedLines.before(out, config, run.javaVersion());
            }
            SeedLines.after(out, summary, config);
            TaskFileRun.thrown(out, run.recording());
            TaskFileRun.printed(out, config, run.childOutput());
            out.println(report.verifiedLine());
            ProbeJson.causesText(out, report);
            SeedLines.crossCheck(out, run.recording(), config);
            if (report.jfr() != null && report.jfr().events() > 0) {
                out.print(PinnedThreadsTable.format(PinnedThreadsTable.of(run.pinnedEvents())));
            }
            if (saved != null) {
                out.println(saved);
            }
        }
        out.flush();
        failures.forEach(err::println);
        err.flush();
        int code = !failures.isEmpty() ? 1 : summary.cancelled() ? 130 : 0;
        return failOnPin ? PinGate.apply(run.pinnedEvents(), code, err) : code;
    }

    static String json(RunSummary summary, ProbeReport report, List<String> jvmFlags) throws Exception {
        return json(summary, report, jvmFlags, null);
    }

    static String json(RunSummary summary, ProbeReport report, List<String> jvmFlags, WorkloadConfig config)
            throws Exception {
        return json(summary, report, jvmFlags, config, null);
    }

    /** {@code recording}: its unsure mounts and, for a task file's run, how many tasks threw and the first stack; may be null. */
    static String json(RunSummary summary, ProbeReport report, List<String> jvmFlags, WorkloadConfig config,
                       RunRecording recording) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        String json = RunCommand.toJson(summary, report, config);
        ObjectNode node = (ObjectNode) mapper.readTree(recording == null ? json : RunCommand.withUnsureMounts(json, recording));
        if (!jvmFlags.isEmpty()) {
            // a summary does not know them; `export --from` reads them back (RunsJson), so a legacy-locking
            // run is not exported as a JDK 25 run that pinned
            jvmFlags.forEach(node.putArray("jvmFlags")::add);
        }
        if (config != null && config.scenario().runsYourCode()) {
            node.put("tasksThrew", recording == null ? 0 : recording.tasksThrew());
            if (recording != null && recording.firstThrow() != null) {
                node.put("firstThrow", recording.firstThrow().stack());
            }
        }
        // not measured in a child: say so rather than print zeros
        for (String unknown : new String[] {"jfrClockErrorMicros", "jfrVirtualThreadStarts", "jfrVirtualThreadEnds", "jfrSubmitFailed"}) {
            if (node.has(unknown)) {
                node.putNull(unknown);
            }
        }
        return mapper.writeValueAsString(node);
    }
}
