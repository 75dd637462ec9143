package loomscope.ui.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import loomscope.attach.AttachRefusedException;
import loomscope.attach.JvmEntry;
import loomscope.attach.JvmList;
import loomscope.ui.attach.AttachViewModel;
import loomscope.attach.RunFiles;
import loomscope.host.HostPolicy;
import loomscope.savedrun.SavedRun;
import loomscope.savedrun.SavedRunException;
import loomscope.scenario.Scenario;
import loomscope.scenario.ScenarioParams;
import loomscope.scenario.Scenarios;
import loomscope.scenario.SeedScenario;
import loomscope.taskfile.SnippetFolder;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.run.RunInputs;
import loomscope.ui.theme.AppTheme;
import loomscope.workload.LockMode;
import loomscope.workload.ParamArguments;
import loomscope.workload.RunLimits;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine;

/**
 * The window's options, parsed by picocli like the CLI's, before any window opens: a misspelt or refused option
 * ends the launch with one line and exit code 2 (it used to be ignored, or reported on a window that then
 * waited for ever). {@code mvn javafx:run -Djavafx.args="--lock=native-frame --parallelism=4 --autorun"}.
 */
@Command(name = "loomscope-window", mixinStandardHelpOptions = true, sortOptions = false,
        description = "The LoomScope window: carrier lanes recorded from a real virtual-thread workload.")
public final class WindowOptions {
    /** An autorun window measures runs one after another; more than this is a mistake, not a benchmark. */
    static final int MAX_AUTORUNS = 100;

    @Option(names = "--scenario", paramLabel = "NAME",
            description = "Scenario of the first run (default: the one remembered): seed, waves, object-wait, ... "
                    + "(`loomscope scenarios` lists them). Its N and P unless --threads and --parallelism say otherwise.")
    private String scenario;

    @Option(names = "--param", paramLabel = "K=V", description = "A parameter of --scenario, as the CLI's run takes it (repeatable).")
    private List<String> paramArgs = new ArrayList<>();

    /** The --param values by name, checked in {@link #validate}. */
    private Map<String, String> params = Map.of();

    /** --scenario, checked; null when not given. */
    private Scenario chosen;

    @Option(names = "--lock", paramLabel = "MODE", converter = LockModeOption.class,
            description = "Lock mode of the first run: ${COMPLETION-CANDIDATES}.", completionCandidates = LockModeOption.Names.class)
    private LockMode lock;

    @Option(names = "--parallelism", paramLabel = "P", description = "Carriers (scheduler parallelism), 1..64.")
    private Integer parallelism;

    @Option(names = "--threads", paramLabel = "N", description = "Virtual threads, 1..100,000 in the window.")
    private Integer threads;

    @Option(names = "--cpu", paramLabel = "K", description = "CPU iterations per task.")
    private Integer cpu;

    @Option(names = "--sleep", paramLabel = "MS", description = "Sleep inside the lock, in ms.")
    private Integer sleep;

    @Option(names = "--theme", paramLabel = "THEME", converter = ThemeOption.class,
            description = "dark, light or high-contrast (default: the one remembered).")
    private AppTheme theme;

    @Option(names = "--autorun", paramLabel = "RUNS", arity = "0..1", fallbackValue = "1",
            description = "Run at once, RUNS times in a row (1..100; without a value: once).")
    private int autoruns;

    @Option(names = "--exit-after-run", description = "Close the window after the autorun(s), or once the --attach has ended.")
    private boolean exitAfterRun;

    @Option(names = "--no-warmup", description = "Leave out the start-up warm-up (docs/performance.md).")
    private boolean noWarmUp;

    @Option(names = "--host", paramLabel = "POLICY", converter = HostOption.class,
            description = "auto (default), small or off: the measures for a small machine (docs/host-policy.md).")
    private HostPolicy.Mode host = HostPolicy.Mode.AUTO;

    @Option(names = "--compare", description = "Open the compare view at start.")
    private boolean compare;

    @Option(names = "--presenter", description = "Open in presentation mode.")
    private boolean presenter;

    @Option(names = "--reset-settings", description = "Forget remembered settings.")
    private boolean resetSettings;

    @Option(names = "--chapters", paramLabel = "FILE", description = "A talk track of one's own (docs/presenting.md).")
    private Path chapters;

    @Option(names = "--open", paramLabel = "FILE.loomrun", description = "Open a saved run at start (see `loomscope run --save`).")
    private Path open;

    @Option(names = "--task-file", paramLabel = "FILE.java",
            description = "Open your own task in the code pane (as `loomscope run --task-file`); Save writes back to it.")
    private Path taskFile;

    @Option(names = "--attach", paramLabel = "PID[,PID…]", split = ",",
            description = "Attach to this JVM of yours at start, as Attach… does (docs/attach.md); several side by side "
                    + "on one time axis; Stop or their exit ends it.")
    private List<Long> attachPids;

    /** The JVMs --attach named, checked before any window. */
    private final List<JvmEntry> attachTargets = new ArrayList<>();

    /** The text --task-file read, checked before any window. */
    private String taskSource;

    /** The run --open read, checked whole before any window. */
    private SavedRun opened;

    /** Options as given; throws with a one-line message naming the option for anything refused. */
    public static WindowOptions parse(List<String> args) {
        WindowOptions options = new WindowOptions();
        CommandLine cli = new CommandLine(options);
        cli.parseArgs(args.toArray(String[]::new));
        options.validate(cli);
        return options;
    }

    /** The options a test or a window without arguments starts with. */
    public static WindowOptions none() {
        return parse(List.of());
    }

    /** {@code --help}: every option, for the launcher to print. */
    static String usage() {
        return new CommandLine(new WindowOptions()).getUsageMessage();
    }

    /** The refusal in one line, with picocli's suggestion for a misspelt option ("did you mean --lock?"). */
    static String oneLine(ParameterException e) {
        String message = e.getMessage() == null ? "bad option" : e.getMessage().strip().replaceAll("\\s*\\R\\s*", " ");
        if (e instanceof CommandLine.UnmatchedArgumentException unmatched && !unmatched.getSuggestions().isEmpty()) {
            message += " (did you mean " + String.join(" or ", unmatched.getSuggestions()) + "?)";
        }
        return message + "; --help lists the options";
    }

    /** Whether {@code args} ask for the usage only. */
    static boolean asksForHelp(List<String> args) {
        return args.contains("--help") || args.contains("-h");
    }

    private void validate(CommandLine cli) {
        List<String> problems = new ArrayList<>();
        if (parallelism != null) {
            range(problems, "--parallelism", parallelism, 1, RunLimits.MAX_PARALLELISM);
        }
        if (threads != null) {
            range(problems, "--threads", threads, 1, RunLimits.WINDOW_MAX_THREADS);
        }
        if (cpu != null) {
            range(problems, "--cpu", cpu, 0, RunLimits.MAX_CPU_ITERATIONS);
        }
        if (sleep != null) {
            range(problems, "--sleep", sleep, 0, RunLimits.MAX_SLEEP_MILLIS);
        }
        try {
            params = ParamArguments.byName(paramArgs);
        } catch (IllegalArgumentException e) {
            problems.add("--param: " + e.getMessage());
        }
        if (scenario != null) {
            try {
                chosen = Scenarios.chosenByName(scenario);
            } catch (RunLimits.InvalidRunException e) {
                problems.add(e.first().message(e.first().field().cliOption()));
            }
        }
        Scenario target = target();
        Map<String, String> spelled = spelledParams();
        if (!target.paramsWithOwnOption().containsAll(spelled.keySet())) {
            problems.add("--lock, --cpu and --sleep are the " + Scenarios.DEFAULT.name() + "'s; " + target.name()
                    + " takes --param " + target.params().stream().map(p -> p.name() + "=...")
                    .collect(Collectors.joining(" ")));
        } else if (scenario == null || chosen != null) {
            Map<String, String> values = new LinkedHashMap<>(params);
            for (Map.Entry<String, String> e : spelled.entrySet()) {
                if (values.put(e.getKey(), e.getValue()) != null) {
                    problems.add("--param " + e.getKey() + " is given twice (as --param and as its own option)");
                }
            }
            try {
                new ScenarioParams(target, values);
            } catch (RunLimits.InvalidRunException e) {
                problems.add(e.first().message(e.first().field().cliOption()));
            }
        }
        if (cli.getParseResult().hasMatchedOption("--autorun")) {
            range(problems, "--autorun", autoruns, 1, MAX_AUTORUNS);
        }
        if (exitAfterRun && autoruns == 0 && attachPids == null) {
            problems.add("--exit-after-run needs --autorun or --attach: without either the window would close at once");
        }
        if (attachPids != null) {
            checkAttach(problems);
        }
        if (chapters != null && !Files.isRegularFile(chapters)) {
            problems.add("--chapters: " + chapters + (Files.isDirectory(chapters) ? " is a folder" : " does not exist"));
        }
        if (taskFile != null) {
            if (chosen != null || lock != null || cpu != null || sleep != null) {
                problems.add("--task-file is the code that runs: it does not go with --scenario, --lock, --cpu or --sleep");
            } else {
                SnippetFolder.Read read = SnippetFolder.read(taskFile);
                if (read.text() == null) {
                    problems.add("--task-file: " + read.message());
                }
                taskSource = read.text();
            }
        }
        if (problems.isEmpty() && open != null) {
            try {
                opened = RunFiles.read(open);
            } catch (SavedRunException e) {
                problems.add("--open: " + e.getMessage());
            }
        }
        if (!problems.isEmpty()) {
            throw new ParameterException(cli, problems.get(0));
        }
    }

    /** --attach names a JVM of this user's that can be attached to now, and measures nothing else meanwhile. */
    private void checkAttach(List<String> problems) {
        if (autoruns > 0) {
            problems.add("--attach and --autorun: one at a time (each measures the window's frames)");
            return;
        }
        if (attachPids.size() > AttachViewModel.MAX_SESSIONS) {
            problems.add("--attach: at most " + AttachViewModel.MAX_SESSIONS + " JVMs side by side, were " + attachPids.size());
            return;
        }
        for (Long attachPid : attachPids) {
            if (attachPid < 1) {
                problems.add("--attach must be a process id (1 or more), was " + attachPid);
                return;
            }
            if (attachTargets.stream().anyMatch(t -> t.pid() == attachPid)) {
                problems.add("--attach: pid " + attachPid + " is named twice");
                return;
            }
            try {
                JvmEntry target = JvmList.describe(attachPid);
                if (target.attachable()) {
                    attachTargets.add(target);
                } else {
                    problems.add("--attach: pid " + attachPid + ": " + target.refusal());
                    return;
                }
            } catch (AttachRefusedException e) {
                problems.add("--attach: " + e.getMessage());
                return;
            }
        }
    }

    private static void range(List<String> problems, String option, int value, int min, int max) {
        if (value < min || value > max) {
            problems.add(String.format(Locale.ROOT, "%s must be %,d..%,d, was %,d", option, min, max, value));
        }
    }

    /** Puts the run settings given into the model (after remembered ones, so that these win). */
    void applyTo(MainViewModel model) {
        if (taskSource != null) {
            model.scenarioProperty().set(RunInputs.YOUR_CODE);
            model.yourCode().sourceProperty().set(taskSource);
        }
        Scenario target = target();
        Map<String, String> spelled = spelledParams();
        if (chosen != null || !spelled.isEmpty() || !params.isEmpty()) {
            // a parameter asks for its scenario (--lock: the default's); it brings its own N and P, which --threads
            // and --parallelism override
            model.scenarioProperty().set(target);
        }
        params.forEach((k, v) -> model.inputs().setParam(target, k, v));
        spelled.forEach((k, v) -> model.inputs().setParam(target, k, v));
        if (parallelism != null) {
            model.parallelismProperty().set(parallelism);
        }
        if (threads != null) {
            model.threadsTextProperty().set(Integer.toString(threads));
        }
    }

    /** The scenario --scenario chose, else the default one, whose parameters --lock, --cpu and --sleep spell. */
    private Scenario target() {
        return chosen != null ? chosen : Scenarios.DEFAULT;
    }

    /** --lock, --cpu and --sleep as the parameters they spell ({@code lock=...}), those given only. */
    private Map<String, String> spelledParams() {
        Map<String, String> spelled = new LinkedHashMap<>();
        if (lock != null) {
            spelled.put(SeedScenario.LOCK, lock.cliName());
        }
        if (cpu != null) {
            spelled.put(SeedScenario.CPU, Integer.toString(cpu));
        }
        if (sleep != null) {
            spelled.put(SeedScenario.SLEEP, Integer.toString(sleep));
        }
        return spelled;
    }

    /** The file --task-file named (read and checked), or null. */
    Path taskFile() { return taskFile; }

    /** The saved run --open named, read and checked, or null. */
    SavedRun opened() { return opened; }

    /** The file --open named, or null. */
    Path openPath() { return open; }

    /** The theme asked for, or null to use the remembered one. */
    AppTheme theme() { return theme; }

    int autoruns() { return autoruns; }

    boolean autorun() { return autoruns > 0; }

    boolean exitAfterRun() { return exitAfterRun; }

    /** The JVM --attach named (checked: attachable when the options were read), or null. */
    /** The first JVM --attach named, or null. */
    JvmEntry attachTarget() { return attachTargets.isEmpty() ? null : attachTargets.get(0); }

    /** Every JVM --attach named, in its order (their lanes' order). */
    List<JvmEntry> attachTargets() { return List.copyOf(attachTargets); }

    boolean warmUp() { return !noWarmUp; }

    boolean compare() { return compare; }

    HostPolicy.Mode host() { return host; }

    public boolean presenter() { return presenter; }

    public boolean resetSettings() { return resetSettings; }

    /** The speaker's talk track, or null for the remembered/built-in one. */
    public Path chapters() { return chapters; }

    /** Lock modes by their CLI names. */
    static final class LockModeOption implements CommandLine.ITypeConverter<LockMode> {
        @Override
        public LockMode convert(String value) {
            try {
                return LockMode.fromCliName(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }

        static final class Names implements Iterable<String> {
            @Override
            public Iterator<String> iterator() {
                return LockMode.values().stream().map(LockMode::cliName).iterator();
            }
        }
    }

    /** auto, small, off. */
    static final class HostOption implements CommandLine.ITypeConverter<HostPolicy.Mode> {
        @Override
        public HostPolicy.Mode convert(String value) {
            try {
                return HostPolicy.Mode.fromCliName(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    /** Themes by the names people type. */
    static final class ThemeOption implements CommandLine.ITypeConverter<AppTheme> {
        @Override
        public AppTheme convert(String value) {
            return switch (value.strip().toLowerCase(Locale.ROOT)) {
                case "dark" -> AppTheme.DARK;
                case "light" -> AppTheme.LIGHT;
                case "high-contrast", "contrast" -> AppTheme.HIGH_CONTRAST;
                default -> throw new CommandLine.TypeConversionException(
                        "must be dark, light or high-contrast, was '" + value + "'");
            };
        }
    }
}
