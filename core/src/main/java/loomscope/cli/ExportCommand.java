package loomscope.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import loomscope.attach.RunFiles;
import loomscope.recording.RecordedRun;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.recording.TimeAxis;
import loomscope.report.AnimatedExport;
import loomscope.report.ApplicationRun;
import loomscope.report.ExportFolder;
import loomscope.report.ExportNames;
import loomscope.report.HeldCauses;
import loomscope.report.HistoryEntry;
import loomscope.report.ReportWriter;
import loomscope.report.RunRange;
import loomscope.report.RunsJson;
import loomscope.report.TimeText;
import loomscope.report.TimingCard;
import loomscope.savedrun.SavedRun;
import loomscope.workload.LockMode;
import loomscope.workload.WorkloadConfig;
import loomscope.workload.WorkloadRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Runs the workload (or reads runs that {@code run --json} printed) and writes the timing card at
 * 1920x1080 and 1280x720, the history as CSV and Markdown, and the runs as JSON for a later export.
 * Draws with Java2D only, so it works without a display and on JDK 21.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Run the workload(s) and write slide-ready timing cards (PNG) and the history (CSV, Markdown).")
final class ExportCommand implements Callable<Integer> {

    @Mixin
    WorkloadOptions workload = new WorkloadOptions();

    @Option(names = "--lock", split = ",", paramLabel = "MODE[,MODE...]", converter = WorkloadOptions.LockConverter.class,
            description = "Lock modes to run, in order; the card shows the last run. Default: synchronized (none with --from).")
    List<LockMode> locks;

    @Option(names = "--parallelism", split = ",", paramLabel = "P[,P...]", description = "Carriers per run. Default: 1.")
    List<Integer> parallelisms = List.of(1);

    @Option(names = "--from", paramLabel = "FILE",
            description = "A run saved by `run --save` (.loomrun), or runs printed by `loomscope run --json` (one per line or an array), put first in the history.")
    Path from;

    @Option(names = "--out", paramLabel = "DIR", description = "Folder for the files, created if needed. Default: ~/Pictures/LoomScope.")
    Path out = ExportFolder.defaultFolder();

    @Option(names = "--title", paramLabel = "TEXT", description = "The card's title. Default: what the last run's lock means.")
    String title;

    @Option(names = "--range", paramLabel = "FROM..TO",
            description = "With --from FILE.loomrun: only this part of the run, in time since its start as the lanes' axis"
                    + " counts it (12.5s..13s; s, ms, µs): the card draws its lanes, --animate replays it.")
    String range;

    @Mixin
    AnimateOptions animate = new AnimateOptions();

    @Spec
    CommandSpec spec;

    /** A runs file LoomScope writes is a few hundred bytes per run: bigger than this is not one of ours. */
    static final long MAX_FROM_BYTES = 16L * 1024 * 1024;
    /** A saved run of a million threads is ~45 MB; this is far past any run LoomScope can record. */
    static final long MAX_SAVED_RUN_BYTES = 4L * 1024 * 1024 * 1024;

    @Override
    public Integer call() throws Exception {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        PrintWriter console = spec.commandLine().getOut();
        // Everything is checked, and --from read, before anything is printed, created or run.
        checkTitle();
        checkUnused();
        List<WorkloadConfig> configs = configs();
        for (WorkloadConfig config : configs) {
            WorkloadRun.checkRunnable(config);
        }
        if (animate.requested()) {
            return animated(configs, console);
        }
        List<HistoryEntry> history = new ArrayList<>();
        TimingCard.Lanes lanes = null;
        if (from != null) {
            SavedRun saved = range != null ? savedRun(from, console) : null;
            history.addAll(saved != null ? List.of(entryOf(saved)) : readFrom(from, console));
            lanes = saved != null ? new TimingCard.Lanes(saved.recording(), range(saved.recording())) : null;
        }
        Path folder = OutputPaths.folder(out, "--out");
        for (WorkloadConfig config : configs) {
            console.printf(Locale.ROOT, "Running %s, P=%d, N=%,d ... ", config.workloadName(), config.parallelism(),
                    config.threads());
            console.flush();
            RunSummary summary = runToEnd(config).summary();
            console.println(TimeText.seconds(summary.wallMillis()));
            history.add(HistoryEntry.finishedNow(summary));
            if (summary.cancelled()) {
                break;
            }
        }
        HistoryEntry headline = history.get(history.size() - 1);
        TimingCard card = new TimingCard(title, headline, history, LocalDate.now());
        if (lanes != null && headline == history.get(0)) {
            card = card.withLanes(lanes);
        }
        LocalDateTime now = LocalDateTime.now();
        List<Path> written = new ArrayList<>();
        NewFolders made = null;
        try {
            // the folder is made only now, so a refused run leaves none behind, and removed again if nothing
            // could be written into it (a full disk)
            made = NewFolders.create(folder);
            ReportWriter.Export export = new ReportWriter().exportAll(folder, card, now);
            written.addAll(export.files());
            ExportNames names = ExportNames.of(now, headline);
            written.add(ReportWriter.writeText(export.folder(), names.runsJson(), RunsJson.toJsonLines(history)));
        } catch (IOException e) {
            // the runs' times are printed above; the files are what failed: one line, not bad input
            if (made != null) {
                made.removeIfEmpty();
            }
            written.forEach(console::println);
            console.flush();
            spec.commandLine().getErr().println("loomscope: --out: " + LoomScopeCli.oneLine(e.getMessage()));
            spec.commandLine().getErr().flush();
            return 1;
        }
        written.forEach(console::println);
        console.flush();
        return headline.summary().cancelled() ? 130 : 0;
    }

    /** Runs from {@code run --json} lines, or the one run of a {@code .loomrun} file. */
    static List<HistoryEntry> readFrom(Path from, PrintWriter console) {
        Path checked = OutputPaths.inputFile(from, "--from", MAX_SAVED_RUN_BYTES);
        try {
            if (RunFiles.claimsToBeOne(checked)) {
                return List.of(entryOf(tellDropped(RunFiles.read(checked), checked, console)));
            }
            OutputPaths.inputFile(from, "--from", MAX_FROM_BYTES);
            return RunsJson.read(checked);
        } catch (IOException e) {
            throw new BadOption("--from", e.getMessage());
        }
    }

    private static HistoryEntry entryOf(SavedRun saved) {
        return new HistoryEntry(RunSummary.of(saved.recording()), saved.info().savedAt(), saved.info().jvmFlags(),
                saved.info().carriersLowered())
                .withUnsureMounts(RunSummary.unsureMounts(saved.recording()))
                .withApplication(ApplicationRun.of(saved.recording()))
                .withHeld(HeldCauses.of(saved.recording()));
    }

    /** The run of a {@code .loomrun} file, for {@code --range}: summaries of {@code run --json} have no lanes. */
    private static SavedRun savedRun(Path from, PrintWriter console) {
        Path checked = OutputPaths.inputFile(from, "--from", MAX_SAVED_RUN_BYTES);
        if (!RunFiles.claimsToBeOne(checked)) {
            throw new BadOption("--range", "needs a saved run (run --save FILE.loomrun): " + checked
                    + " holds run summaries only");
        }
        try {
            return tellDropped(RunFiles.read(checked), checked, console);
        } catch (IOException e) {
            throw new BadOption("--from", e.getMessage());
        }
    }

    /** {@code --range} on {@code recording}'s clock: one line and exit 2 when unparsable, reversed or outside the run. */
    private TimeAxis range(RunRecording recording) {
        try {
            return RunRange.of(recording, range);
        } catch (IllegalArgumentException e) {
            throw new BadOption("--range", e.getMessage());
        }
    }

    /** Says what an attached JVM's agent dropped (its lanes' gaps are then not all idle), if it did; returns {@code run}. */
    private static SavedRun tellDropped(SavedRun run, Path file, PrintWriter console) {
        if (run.droppedInTarget() > 0) {
            console.printf(Locale.ROOT, "%s: %,d episodes were dropped in the target (a carrier's buffer was full) and are"
                    + " not drawn: gaps in its lanes are not all idle.%n",
                    LoomScopeCli.controlsShown(String.valueOf(file.getFileName())), run.droppedInTarget());
        }
        return run;
    }

    /** Options that would be ignored silently are refused: a user who gives one expects it to count. */
    private void checkUnused() {
        if (range != null && from == null) {
            throw new BadOption("--range", "needs a saved run to take the range of: --from FILE.loomrun");
        }
        if (range != null && locks != null) {
            throw new BadOption("--range", "is a range of the saved run (--from), and --lock makes runs of its own: leave"
                    + " one out");
        }
        if (!animate.requested()) {
            animate.checkUnused();
        }
        if (from != null && locks == null) {
            for (String runOption : List.of("--threads", "--parallelism", "--cpu-iterations", "--sleep-ms", "--scheduler",
                    "--thread-kind")) {
                if (spec.commandLine().getParseResult().hasMatchedOption(runOption)) {
                    throw new BadOption(runOption, "describes runs to make, and --from alone makes none: add --lock MODE "
                            + "to make runs too, or leave it out");
                }
            }
        }
    }

    private void checkTitle() {
        if (title == null) {
            return;
        }
        if (title.isBlank()) {
            throw new BadOption("--title", "is empty; leave it out for the default title");
        }
        if (title.length() > TimingCard.MAX_TITLE_CHARS) {
            throw new BadOption("--title", String.format(Locale.ROOT, "must be at most %,d characters, was %,d",
                    TimingCard.MAX_TITLE_CHARS, title.length()));
        }
        if (title.chars().anyMatch(Character::isISOControl)) {
            throw new BadOption("--title", "must be one line of printable characters");
        }
    }

    private List<WorkloadConfig> configs() {
        List<LockMode> modes = locks != null ? locks : from != null ? List.of() : List.of(LockMode.SYNCHRONIZED);
        List<WorkloadConfig> configs = new ArrayList<>();
        for (LockMode mode : modes) {
            for (int p : parallelisms) {
                configs.add(workload.config(mode, p));
            }
        }
        return configs;
    }

    /** {@code --animate}: a clip of the saved run, or of the (last) run made now. */
    private int animated(List<WorkloadConfig> configs, PrintWriter console) throws Exception {
        animate.checkAlone();
        if (from != null && !configs.isEmpty() && locks != null) {
            throw new BadOption("--from", "with --animate, either a saved run (--from) or runs to make (--lock), not both");
        }
        RunRecording recording;
        if (from != null) {
            Path checked = OutputPaths.inputFile(from, "--from", MAX_SAVED_RUN_BYTES);
            if (!RunFiles.claimsToBeOne(checked)) {
                throw new BadOption("--from", "--animate needs a saved run (run --save FILE.loomrun): " + checked
                        + " holds run summaries only");
            }
            try {
                recording = tellDropped(RunFiles.read(checked), checked, console).recording();
            } catch (IOException e) {
                throw new BadOption("--from", e.getMessage());
            }
            OutputPaths.folder(out, "--out");
        } else {
            OutputPaths.folder(out, "--out");
            WorkloadConfig config = configs.get(configs.size() - 1);
            console.printf(Locale.ROOT, "Running %s, P=%d, N=%,d ... ", config.workloadName(), config.parallelism(),
                    config.threads());
            console.flush();
            RecordedRun run = runToEnd(config);
            console.println(TimeText.seconds(run.summary().wallMillis()));
            recording = run.recording();
        }
        TimeAxis clipRange = range != null ? range(recording) : null;
        try {
            animate.write(recording, clipRange, out.toAbsolutePath().normalize(), title, console, spec.commandLine().getErr());
        } catch (AnimatedExport.Cancelled e) {
            spec.commandLine().getErr().println("loomscope: --animate: " + e.getMessage());
            return 130;
        } catch (IOException e) {
            spec.commandLine().getErr().println("loomscope: --out: could not write the clip: "
                    + LoomScopeCli.oneLine(ExportFolder.reason(e, out)) + "; nothing was left behind");
            return 1;
        }
        return 0;
    }

    private static RecordedRun runToEnd(WorkloadConfig config) throws InterruptedException {
        RecordedRun run = RecordedRun.start(config);
        Thread stopOnCtrlC = new Thread(() -> run.run().cancel(), "loomscope-cancel");
        Runtime.getRuntime().addShutdownHook(stopOnCtrlC);
        try {
            run.await(Long.MAX_VALUE);
        } finally {
            Runtime.getRuntime().removeShutdownHook(stopOnCtrlC);
        }
        if (run.run().failure() != null) {
            throw new IllegalStateException("the run failed: " + run.run().failure(), run.run().failure());
        }
        return run;
    }
}
