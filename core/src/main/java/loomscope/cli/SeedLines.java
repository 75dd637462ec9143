package loomscope.cli;

import java.io.PrintWriter;
import java.util.Locale;

import loomscope.recording.RuleCrossCheck;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.scenario.Scenario;
import loomscope.scenario.Scenarios;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/**
 * The seeds' console output, word for word where they have words, then what only a recording can add. Another
 * scenario than the seed says which one ran and with what, in place of the seed's lock line.
 */
final class SeedLines {
    private SeedLines() { }

    /** {@code javaVersion}: the JVM that runs the workload (a child's, with --jdk). */
    static void before(PrintWriter out, WorkloadConfig config, String javaVersion) {
        String kind = config.threadKind() == ThreadKind.VIRTUAL ? "virtual" : "platform";
        out.println("Running with Java version: " + javaVersion);
        out.printf(Locale.ROOT, "Launching %,d %s threads...%n", config.threads(), kind);
        Scenario.ConsoleWords words = consoleWords(config);
        if (words != null) {
            out.println(words.tasksLine());
        } else {
            out.printf(Locale.ROOT, "Scenario %s: %s.%n", config.scenarioText(), Scenarios.of(config).shows());
        }
        out.flush();
    }

    /** The seed's lines. */
    static void after(PrintWriter out, RunSummary s) {
        after(out, s, null);
    }

    /** {@code config} null: the seed's lines as they always were. */
    static void after(PrintWriter out, RunSummary s, WorkloadConfig config) {
        if (s.cancelled()) {
            out.printf(Locale.ROOT, "Cancelled: %,d of %,d tasks completed.%n", s.completed(), s.threads());
        } else {
            out.printf(Locale.ROOT, "All %,d tasks completed.%n", s.completed());
        }
        out.printf(Locale.ROOT, "Total execution time: %.3f seconds%n", s.wallMillis() / 1000);
        Scenario.ConsoleWords words = config == null ? null : consoleWords(config);
        if (config == null || words != null) {
            // from a summary alone (config null) its lock is what the seeds' line names
            String subject = words != null ? words.resultSubject() : "Lock " + s.lock();
            out.printf(Locale.ROOT, "%s, parallelism %d, %s scheduler: %s pinned mounts, %s carriers used.%n",
                    subject, s.parallelism(), s.scheduler(), countOrUnknown(s.pinnedMounts()), countOrUnknown(s.carriersUsed()));
        } else {
            out.printf(Locale.ROOT, "Scenario %s, parallelism %d, %s scheduler: %s pinned mounts, %s carriers used "
                            + "(%s added by the pool).%n", config.scenario().name(), s.parallelism(), s.scheduler(),
                    countOrUnknown(s.pinnedMounts()), countOrUnknown(s.carriersUsed()), countOrUnknown(s.carriersAddedByPool()));
            Scenario.Rate rate = Scenarios.of(config).rate(Scenarios.params(config), s.threads(), s.wallMillis());
            if (rate != null && !s.cancelled()) {
                out.printf(Locale.ROOT, "Throughput: %,.3f %s.%n", rate.perSecond(), rate.unit());
            }
        }
        if (config == null || config.shape().boundsApply()) {
            out.printf(Locale.ROOT, "Bounds: unpinned %.3f s (%.2fx), pinned %.3f s (%.2fx); CPU %.3f ms per task.%n",
                    s.boundUnpinnedMillis() / 1000, s.ratioTo(s.boundUnpinnedMillis()),
                    s.boundPinnedMillis() / 1000, s.ratioTo(s.boundPinnedMillis()), s.cpuMillisPerTask());
        }
        out.flush();
    }

    /**
     * For a scenario that checks its phases ({@link Scenario#crossChecksPhases}: the seed): whether the carriers'
     * clocks (the rule every scenario is drawn by) agree with its own phases on every mount. For the others, the
     * mounts the clocks could not judge are counted (drawn as unsure).
     */
    static void crossCheck(PrintWriter out, RunRecording recording, WorkloadConfig config) {
        if (Scenarios.of(config).crossChecksPhases()) {
            out.println(RuleCrossCheck.of(recording).describe());
            return;
        }
        long unsure = RunSummary.unsureMounts(recording);
        if (unsure > 0) {
            out.printf(Locale.ROOT, "Unsure: %,d mount%s off %s CPU for 1 ms or more while preempted or stopped by a "
                    + "collection: the carriers' clocks cannot tell whether %s blocked (shown as unsure, not as not pinned).%n",
                    unsure, unsure == 1 ? "" : "s", unsure == 1 ? "its" : "their", unsure == 1 ? "it" : "they");
        }
    }

    /** The words of the write-up a scenario reproduces (the seed's), or null: then the lines say which scenario ran. */
    private static Scenario.ConsoleWords consoleWords(WorkloadConfig config) {
        return Scenarios.of(config).consoleWords(Scenarios.params(config));
    }

    private static String countOrUnknown(long n) {
        return n < 0 ? "(not recorded)" : String.format(Locale.ROOT, "%,d", n);
    }
}
