package loomscope.ui.settings;

import java.nio.file.Path;

import loomscope.report.ExportFolder;
import loomscope.workload.LockMode;
import loomscope.workload.WorkloadConfig;

/**
 * What LoomScope remembers between starts. A value, saved and loaded by {@link SettingsStore}.
 *
 * @param theme the theme's name as the window knows it ("dark", "light", ...)
 * @param chapter 0-based chapter the talk was on
 */
public record StageSettings(String theme, boolean highContrast, LockMode lock, int parallelism, int threads,
                            int chapter, Path exportFolder, WindowBounds window) {

    /** Where and how big the window was; {@link #UNSET} lets the window pick. */
    public record WindowBounds(double x, double y, double width, double height, boolean maximized) {
        public static final WindowBounds UNSET = new WindowBounds(Double.NaN, Double.NaN, 1600, 900, false);

        public boolean hasPosition() {
            return !Double.isNaN(x) && !Double.isNaN(y);
        }
    }

    public static StageSettings defaults() {
        WorkloadConfig seed = WorkloadConfig.seed();
        return new StageSettings("dark", false, seed.lockMode(), seed.parallelism(), seed.threads(), 0,
                ExportFolder.defaultFolder(), WindowBounds.UNSET);
    }

    public StageSettings withTheme(String t) {
        return new StageSettings(t, highContrast, lock, parallelism, threads, chapter, exportFolder, window);
    }

    public StageSettings withHighContrast(boolean on) {
        return new StageSettings(theme, on, lock, parallelism, threads, chapter, exportFolder, window);
    }

    public StageSettings withWorkload(LockMode l, int p, int n) {
        return new StageSettings(theme, highContrast, l, p, n, chapter, exportFolder, window);
    }

    public StageSettings withChapter(int c) {
        return new StageSettings(theme, highContrast, lock, parallelism, threads, c, exportFolder, window);
    }

    public StageSettings withExportFolder(Path folder) {
        return new StageSettings(theme, highContrast, lock, parallelism, threads, chapter, folder, window);
    }

    public StageSettings withWindow(WindowBounds w) {
        return new StageSettings(theme, highContrast, lock, parallelism, threads, chapter, exportFolder, w);
    }
}
