package loomscope.ui.app;

import java.util.Map;

import loomscope.ui.run.MainViewModel;
import loomscope.ui.theme.AppTheme;
import loomscope.workload.LockMode;

/**
 * Named command-line parameters, so a talk can open the window ready for its first demo:
 * {@code --lock=native-frame --parallelism=4 --threads=5000 --cpu=10000 --sleep=5 --theme=high-contrast --autorun}.
 * {@code --exit-after-run} closes the window after the autorun(s); {@code --autorun=N} runs N times in a row
 * (benchmarks: a cold JVM's first run, or a warmed window's later runs, against the CLI); an autorun waits for
 * the start-up warm-up ({@link WindowWarmUp}), which {@code --no-warmup} leaves out.
 * A bad value is reported on the window's error line instead of stopping the launch.
 */
record LaunchOptions(Map<String, String> named, int autoruns, boolean exitAfterRun, boolean warmUp) {

    static LaunchOptions of(Map<String, String> named, java.util.List<String> unnamed) {
        return new LaunchOptions(named, autoruns(named.get("autorun"), unnamed.contains("--autorun")),
                unnamed.contains("--exit-after-run"), !unnamed.contains("--no-warmup"));
    }

    boolean autorun() { return autoruns > 0; }

    private static int autoruns(String named, boolean flag) {
        if (named == null) {
            return flag ? 1 : 0;
        }
        if ("true".equals(named)) {
            return 1;
        }
        try {
            return Math.max(0, Math.min(100, Integer.parseInt(named.strip())));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    /** Applies the options to the model; returns the theme to use. Problems end up in the model's error line. */
    AppTheme applyTo(MainViewModel model) {
        StringBuilder problems = new StringBuilder();
        String lock = named.get("lock");
        if (lock != null) {
            try {
                model.lockModeProperty().set(LockMode.fromCliName(lock));
            } catch (IllegalArgumentException e) {
                problems.append(e.getMessage()).append(". ");
            }
        }
        String p = named.get("parallelism");
        if (p != null) {
            try {
                int value = Integer.parseInt(p.strip());
                if (value < 1 || value > loomscope.workload.WorkloadConfig.MAX_PARALLELISM) {
                    throw new NumberFormatException();
                }
                model.parallelismProperty().set(value);
            } catch (NumberFormatException e) {
                problems.append("--parallelism must be 1..64, was '").append(p).append("'. ");
            }
        }
        copy("threads", model.threadsTextProperty());
        copy("cpu", model.cpuTextProperty());
        copy("sleep", model.sleepTextProperty());
        AppTheme theme = AppTheme.DARK;
        String t = named.get("theme");
        if (t != null) {
            theme = switch (t.strip().toLowerCase(java.util.Locale.ROOT)) {
                case "dark" -> AppTheme.DARK;
                case "light" -> AppTheme.LIGHT;
                case "high-contrast", "contrast" -> AppTheme.HIGH_CONTRAST;
                default -> {
                    problems.append("--theme must be dark, light or high-contrast, was '").append(t).append("'. ");
                    yield AppTheme.DARK;
                }
            };
        }
        if (!problems.isEmpty()) {
            model.reportProblem(problems.toString().strip());
        }
        return theme;
    }

    private void copy(String key, javafx.beans.property.StringProperty target) {
        String v = named.get(key);
        if (v != null) {
            target.set(v);
        }
    }
}
