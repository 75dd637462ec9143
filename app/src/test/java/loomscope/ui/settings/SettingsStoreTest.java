package loomscope.ui.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.prefs.Preferences;

import loomscope.workload.LockMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SettingsStoreTest {

    private final Preferences node = Preferences.userRoot().node("loomscope-test/" + UUID.randomUUID());
    private final SettingsStore store = new SettingsStore(node);

    @AfterEach
    void removeNode() throws Exception {
        node.removeNode();
    }

    @Test
    void whatIsSavedComesBackAfterARestart() throws Exception {
        StageSettings changed = StageSettings.defaults().withTheme("light").withHighContrast(true)
                .withWorkload(LockMode.NATIVE_FRAME, 4, 16).withChapter(6).withExportFolder(Path.of("/tmp/talk"))
                .withWindow(new StageSettings.WindowBounds(10, 20, 1280, 720, true));
        store.save(changed);
        assertEquals(changed, new SettingsStore(Preferences.userRoot().node(node.absolutePath())).load());
    }

    @Test
    void yourCodesSnippetFolderAndFileComeBack() {
        SettingsStore store = new SettingsStore(node);
        assertEquals(null, store.snippetFolder(), "none chosen yet");
        store.rememberSnippetFolder(Path.of("/tmp/snippets"));
        store.rememberSnippetFile(Path.of("/tmp/snippets/Mine.java"));
        SettingsStore again = new SettingsStore(Preferences.userRoot().node(node.absolutePath()));
        assertEquals(Path.of("/tmp/snippets"), again.snippetFolder());
        assertEquals(Path.of("/tmp/snippets/Mine.java"), again.snippetFile());
        again.rememberSnippetFolder(null);
        assertEquals(null, again.snippetFolder(), "forgotten");
    }

    @Test
    void theChosenScenarioAndItsParametersComeBack() throws Exception {
        StageSettings chosen = StageSettings.defaults().withWorkload(LockMode.SYNCHRONIZED, 2, 2_000)
                .withScenario("producer-consumer", java.util.Map.of("tasks", "5000", "capacity", "10"));
        store.save(chosen);
        assertEquals(chosen, new SettingsStore(Preferences.userRoot().node(node.absolutePath())).load());
    }

    @Test
    void aStaleScenarioOrParameterLoadsAsTheDefault() {
        node.put("scenario", "no-such-scenario");
        node.put("scenario.params", "tasks=5");
        assertEquals("seed", store.load().scenario());
        assertEquals(java.util.Map.of(), store.load().params());
        node.put("scenario", "object-wait");
        node.put("scenario.params", "wait-ms=0;colour=red;=3;garbage");
        assertEquals("object-wait", store.load().scenario());
        assertEquals(java.util.Map.of(), store.load().params(), "0 ms is refused by the scenario's rule, colour is no parameter");
        node.put("scenario.params", "wait-ms=1,500");
        assertEquals(java.util.Map.of("wait-ms", "1500"), store.load().params());
    }

    @Test
    void resetGivesTheDefaults() throws Exception {
        store.save(StageSettings.defaults().withWorkload(LockMode.NONE, 8, 100));
        store.reset();
        assertEquals(StageSettings.defaults(), store.load());
        assertTrue(StageSettings.defaults().exportFolder().endsWith(Path.of("Pictures", "LoomScope")));
    }

    /** Issue #14, defect 9: a talk track's 2,000,000 threads, refused by the window, came back at every start. */
    @Test
    void anNTheWindowRefusesIsNotBroughtBack() {
        node.putInt("threads", 2_000_000);
        assertEquals(StageSettings.defaults().threads(), store.load().threads());
        node.putInt("threads", 100_000);
        assertEquals(100_000, store.load().threads(), "the window's largest N is kept");
    }

    @Test
    void staleOrAbsurdValuesLoadAsDefaults() {
        node.put("lock", "spin-lock");
        node.putInt("parallelism", 0);
        node.putInt("threads", -5);
        node.putDouble("window.width", 3);
        node.put("exportFolder", "");
        StageSettings loaded = store.load();
        StageSettings d = StageSettings.defaults();
        assertEquals(d.lock(), loaded.lock());
        assertEquals(d.parallelism(), loaded.parallelism());
        assertEquals(d.threads(), loaded.threads());
        assertEquals(d.window().width(), loaded.window().width());
        assertEquals(d.exportFolder(), loaded.exportFolder());
        assertFalse(loaded.window().hasPosition());
    }

}
