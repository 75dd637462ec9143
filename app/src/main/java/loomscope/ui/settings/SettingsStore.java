package loomscope.ui.settings;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;
import java.util.stream.Collectors;

import loomscope.scenario.Scenario;
import loomscope.scenario.ScenarioParam;
import loomscope.scenario.Scenarios;
import loomscope.workload.LockMode;
import loomscope.workload.RunLimits;
import loomscope.workload.WorkloadConfig;

/**
 * Remembers {@link StageSettings} with {@code java.util.prefs} (on Linux: ~/.java/.userPrefs). A value
 * that was hand-edited, stale or out of range loads as the default instead of breaking the start.
 * {@link #save} flushes to disk: call it off the FX thread.
 */
public final class SettingsStore {

    private static final String THEME = "theme";
    private static final String HIGH_CONTRAST = "highContrast";
    private static final String LOCK = "lock";
    private static final String PARALLELISM = "parallelism";
    private static final String THREADS = "threads";
    private static final String CHAPTER = "chapter";
    private static final String EXPORT_FOLDER = "exportFolder";
    private static final String X = "window.x";
    private static final String Y = "window.y";
    private static final String WIDTH = "window.width";
    private static final String HEIGHT = "window.height";
    private static final String MAXIMIZED = "window.maximized";
    private static final String SCENARIO = "scenario";
    /** The chosen scenario's own parameters: {@code name=value;name=value}. */
    private static final String SCENARIO_PARAMS = "scenario.params";
    private static final String SNIPPET_FOLDER = "snippets.folder";
    private static final String SNIPPET_FILE = "snippets.file";

    private final Preferences node;

    public SettingsStore(Preferences node) {
        this.node = node;
    }

    /** The user's LoomScope settings. */
    public static SettingsStore forUser() {
        return new SettingsStore(Preferences.userRoot().node("loomscope"));
    }

    public StageSettings load() {
        StageSettings d = StageSettings.defaults();
        StageSettings.WindowBounds w = d.window();
        return new StageSettings(
                node.get(THEME, d.theme()),
                node.getBoolean(HIGH_CONTRAST, d.highContrast()),
                lock(node.get(LOCK, d.lock().cliName()), d.lock()),
                within(node.getInt(PARALLELISM, d.parallelism()), 1, WorkloadConfig.MAX_PARALLELISM, d.parallelism()),
                // a value the window refuses is not brought back (issue #14: a refused N was remembered)
                within(node.getInt(THREADS, d.threads()), 1, RunLimits.WINDOW_MAX_THREADS, d.threads()),
                Math.max(0, node.getInt(CHAPTER, 0)),
                folder(node.get(EXPORT_FOLDER, null), d.exportFolder()),
                new StageSettings.WindowBounds(
                        node.getDouble(X, w.x()), node.getDouble(Y, w.y()),
                        size(node.getDouble(WIDTH, w.width()), w.width()), size(node.getDouble(HEIGHT, w.height()), w.height()),
                        node.getBoolean(MAXIMIZED, w.maximized())),
                scenario(node.get(SCENARIO, d.scenario())).name(),
                params(scenario(node.get(SCENARIO, d.scenario())), node.get(SCENARIO_PARAMS, "")));
    }

    /** Writes and flushes (disk I/O: not on the FX thread). */
    public void save(StageSettings s) throws BackingStoreException {
        put(s);
        node.flush();
    }

    /**
     * Updates the in-memory preferences only: cheap enough for the FX thread. The JDK's preferences
     * write themselves to disk in the background and once more at exit.
     */
    public void remember(StageSettings s) {
        try {
            put(s);
        } catch (IllegalStateException removed) {
            // the node was removed (a reset from another process, a test's cleanup): nothing left to remember into
        }
    }

    private void put(StageSettings s) {
        node.put(THEME, s.theme());
        node.putBoolean(HIGH_CONTRAST, s.highContrast());
        node.put(LOCK, s.lock().cliName());
        node.putInt(PARALLELISM, s.parallelism());
        node.putInt(THREADS, s.threads());
        node.putInt(CHAPTER, s.chapter());
        node.put(EXPORT_FOLDER, s.exportFolder().toString());
        StageSettings.WindowBounds w = s.window();
        if (w.hasPosition()) {
            node.putDouble(X, w.x());
            node.putDouble(Y, w.y());
        }
        node.putDouble(WIDTH, w.width());
        node.putDouble(HEIGHT, w.height());
        node.putBoolean(MAXIMIZED, w.maximized());
        node.put(SCENARIO, s.scenario());
        node.put(SCENARIO_PARAMS, s.params().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(";")));
    }

    /** The folder of your code's snippets, or null when none was chosen (or it was forgotten). */
    public Path snippetFolder() {
        return path(SNIPPET_FOLDER);
    }

    public void rememberSnippetFolder(Path folder) {
        remember(SNIPPET_FOLDER, folder);
    }

    /** The file your code was last opened from or saved to, or null. */
    public Path snippetFile() {
        return path(SNIPPET_FILE);
    }

    public void rememberSnippetFile(Path file) {
        remember(SNIPPET_FILE, file);
    }

    private Path path(String key) {
        String stored = node.get(key, "");
        try {
            return stored.isBlank() ? null : Path.of(stored);
        } catch (InvalidPathException stale) {
            return null;
        }
    }

    private void remember(String key, Path path) {
        if (path == null) {
            node.remove(key);
        } else {
            node.put(key, path.toAbsolutePath().toString());
        }
    }

    /** {@code --reset-settings}: forget everything; the next load gives the defaults. */
    public void reset() throws BackingStoreException {
        node.clear();
        node.flush();
    }

    private static LockMode lock(String name, LockMode fallback) {
        try {
            return LockMode.fromCliName(name);
        } catch (IllegalArgumentException stale) {
            return fallback;
        }
    }

    private static Scenario scenario(String name) {
        try {
            return Scenarios.byName(name);
        } catch (RunLimits.InvalidRunException stale) {
            return Scenarios.DEFAULT;
        }
    }

    /** The parameters {@code scenario} has, each one its rule accepts; anything else is left to its default. */
    private static Map<String, String> params(Scenario scenario, String stored) {
        Map<String, String> kept = new LinkedHashMap<>();
        for (String pair : stored.split(";")) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                continue;
            }
            String name = pair.substring(0, eq).strip();
            for (ScenarioParam p : scenario.params()) {
                if (p.name().equals(name) && p.check(pair.substring(eq + 1)).ok()) {
                    kept.put(name, p.check(pair.substring(eq + 1)).value());
                }
            }
        }
        return kept;
    }

    private static int within(int value, int min, int max, int fallback) {
        return value >= min && value <= max ? value : fallback;
    }

    private static double size(double value, double fallback) {
        // a window saved while minimised or on a since-removed monitor can come back absurd
        return value >= 320 && value <= 16_384 ? value : fallback;
    }

    private static Path folder(String stored, Path fallback) {
        if (stored == null || stored.isBlank()) {
            return fallback;
        }
        try {
            return Path.of(stored);
        } catch (InvalidPathException e) {
            return fallback;
        }
    }
}
