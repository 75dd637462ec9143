package loomscope.ui.settings;

import java.nio.file.Path;
import java.util.Map;

import loomscope.report.ExportFolder;
import loomscope.scenario.Scenario;
import loomscope.scenario.ScenarioParams;
import loomscope.scenario.Scenarios;
import loomscope.workload.LockMode;

/**
 * What LoomScope remembers between starts. A value, saved and loaded by {@link SettingsStore}.
 *
 * @param theme the theme's name as the window knows it ("dark", "light", ...)
 * @param chapter 0-based chapter the talk was on
 * @param lock the default scenario's (the seed's) lock mode: stored under its own key, as older versions read it
 * @param scenario the chosen scenario's name (seed, waves, ...)
 * @param params the chosen scenario's own parameters as typed, by name (the seed's too: lock, cpu-iterations,
 *               sleep-ms; older versions stored none for it)
 */
public record StageSettings(String theme, boolean highContrast, LockMode lock, int parallelism, int threads,
                            int chapter, Path exportFolder, WindowBounds window, String scenario, Map<String, String> params) {

    public StageSettings {
        params = params == null ? Map.of() : Map.copyOf(params);
        scenario = scenario == null ? Scenarios.DEFAULT.name() : scenario;
    }

    /** Where and how big the window was; {@link #UNSET} lets the window pick. */
    public record WindowBounds(double x, double y, double width, double height, boolean maximized) {
        public static final WindowBounds UNSET = new WindowBounds(Double.NaN, Double.NaN, 1600, 900, false);

        public boolean hasPosition() {
            return !Double.isNaN(x) && !Double.isNaN(y);
        }
    }

    public static StageSettings defaults() {
        Scenario seed = Scenarios.DEFAULT;
        return new StageSettings("dark", false, ScenarioParams.defaults(seed).shape().lockMode(),
                seed.defaultParallelism(), seed.defaultThreads(), 0,
                ExportFolder.defaultFolder(), WindowBounds.UNSET,
                seed.name(), Map.of());
    }

    public StageSettings withTheme(String t) {
        return new StageSettings(t, highContrast, lock, parallelism, threads, chapter, exportFolder, window, scenario, params);
    }

    public StageSettings withHighContrast(boolean on) {
        return new StageSettings(theme, on, lock, parallelism, threads, chapter, exportFolder, window, scenario, params);
    }

    public StageSettings withWorkload(LockMode l, int p, int n) {
        return new StageSettings(theme, highContrast, l, p, n, chapter, exportFolder, window, scenario, params);
    }

    public StageSettings withChapter(int c) {
        return new StageSettings(theme, highContrast, lock, parallelism, threads, c, exportFolder, window, scenario, params);
    }

    public StageSettings withExportFolder(Path folder) {
        return new StageSettings(theme, highContrast, lock, parallelism, threads, chapter, folder, window, scenario, params);
    }

    /** The scenario chosen and its own parameters as typed (LinkedHashMap order is not kept: names say which). */
    public StageSettings withScenario(String name, Map<String, String> typed) {
        return new StageSettings(theme, highContrast, lock, parallelism, threads, chapter, exportFolder, window, name, typed);
    }

    public StageSettings withWindow(WindowBounds w) {
        return new StageSettings(theme, highContrast, lock, parallelism, threads, chapter, exportFolder, w, scenario, params);
    }
}
