package loomscope.ui.keys;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;

/**
 * Every key LoomScope answers to, in one table: the handlers are looked up here, the {@code ?} overlay lists it,
 * and the status bar's hint is made from it. A key's action lives with the feature that owns it (the main
 * window, the stage, the probes); this table says which key means what, once.
 */
public enum KeyBinding {
    RUN(Scope.WINDOW, "Ctrl+R", "run", "run", combo(KeyCode.R, KeyCombination.SHORTCUT_DOWN)),
    STOP(Scope.WINDOW, "Esc", "stop the run (in presentation mode: leave it; closes this list)", "stop", combo(KeyCode.ESCAPE)),
    REPLAY_PLAY(Scope.WINDOW, "Ctrl+P", "replay: play / pause", "replay", combo(KeyCode.P, KeyCombination.SHORTCUT_DOWN)),
    REPLAY_BACK(Scope.WINDOW, "Alt+←", "replay: one frame back", null, combo(KeyCode.LEFT, KeyCombination.ALT_DOWN)),
    REPLAY_FORWARD(Scope.WINDOW, "Alt+→", "replay: one frame forward", null, combo(KeyCode.RIGHT, KeyCombination.ALT_DOWN)),
    RUN_ON(Scope.WINDOW, "Ctrl+O", "Run on: this JVM, a JDK found, or legacy locking", "run on",
            combo(KeyCode.O, KeyCombination.SHORTCUT_DOWN)),
    SAVE_RUN(Scope.WINDOW, "Ctrl+S", "save the run on show (.loomrun); in the code editor: save your code",
            null, combo(KeyCode.S, KeyCombination.SHORTCUT_DOWN)),
    OPEN_RUN(Scope.WINDOW, "Ctrl+Shift+O", "open a saved run (or drop the file on the window)", null,
            combo(KeyCode.O, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN)),
    COMPARE(Scope.WINDOW, "Ctrl+J", "compare two JVMs side by side", "compare", combo(KeyCode.J, KeyCombination.SHORTCUT_DOWN)),
    MATRIX(Scope.WINDOW, "Ctrl+M", "pinning matrix: every scenario on every JVM, JFR's count beside ours", null,
            combo(KeyCode.M, KeyCombination.SHORTCUT_DOWN)),
    ATTACH(Scope.WINDOW, "Ctrl+Shift+A", "attach to a running JVM: its carriers live", null,
            combo(KeyCode.A, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN)),
    NEXT_THEME(Scope.WINDOW, "Ctrl+T", "next theme: dark, light, high contrast", "theme", combo(KeyCode.T, KeyCombination.SHORTCUT_DOWN)),
    CONTROLS(Scope.WINDOW, "Ctrl+Shift+H", "hide / show the controls", null,
            combo(KeyCode.H, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN)),
    FRAME_STATS(Scope.WINDOW, "F12", "frame-time overlay (and the host policy)", null, combo(KeyCode.F12)),
    SAVE_JFR(Scope.WINDOW, "Ctrl+Shift+J", "save the run's .jfr", null,
            combo(KeyCode.J, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN)),
    THREAD_DUMP(Scope.WINDOW, "Ctrl+Shift+D", "export a HotSpot thread dump", null,
            combo(KeyCode.D, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN)),
    // the lanes' time view: Ctrl with the arrows (Alt is replay's, plain arrows the stage's chapters)
    PAN_BACK(Scope.WINDOW, "Ctrl+←", "lanes: back in time (a quarter of the range)", null,
            combo(KeyCode.LEFT, KeyCombination.SHORTCUT_DOWN)),
    PAN_FORWARD(Scope.WINDOW, "Ctrl+→", "lanes: forward in time", null, combo(KeyCode.RIGHT, KeyCombination.SHORTCUT_DOWN)),

    RUN_OR_STOP(Scope.STAGE, "Space", "run / stop", null, combo(KeyCode.SPACE)),
    LOCK_MODE(Scope.STAGE, "1 - 5", "seed lock: none, shared, synchronized, ReentrantLock, native frame", null,
            combo(KeyCode.DIGIT1), combo(KeyCode.DIGIT2), combo(KeyCode.DIGIT3), combo(KeyCode.DIGIT4), combo(KeyCode.DIGIT5),
            combo(KeyCode.NUMPAD1), combo(KeyCode.NUMPAD2), combo(KeyCode.NUMPAD3), combo(KeyCode.NUMPAD4), combo(KeyCode.NUMPAD5)),
    MORE_CARRIERS(Scope.STAGE, "↑", "one carrier more (parallelism)", null, combo(KeyCode.UP)),
    FEWER_CARRIERS(Scope.STAGE, "↓", "one carrier fewer", null, combo(KeyCode.DOWN)),
    NEXT_CHAPTER(Scope.STAGE, "→ / PgDn", "next chapter", null, combo(KeyCode.RIGHT), combo(KeyCode.PAGE_DOWN)),
    PREVIOUS_CHAPTER(Scope.STAGE, "← / PgUp", "previous chapter", null, combo(KeyCode.LEFT), combo(KeyCode.PAGE_UP)),
    REPLAY_FROM_START(Scope.STAGE, "R", "replay the last run from the start", null, combo(KeyCode.R)),
    EXPORT(Scope.STAGE, "S", "export: timing cards, window, history", null, combo(KeyCode.S)),
    EXPORT_ANIMATED(Scope.STAGE, "Shift+S", "export an animated replay (GIF, MP4)", null, combo(KeyCode.S, KeyCombination.SHIFT_DOWN)),
    PRESENT(Scope.STAGE, "P / F5", "presentation mode on / off", "present", combo(KeyCode.P), combo(KeyCode.F5)),
    HIGH_CONTRAST(Scope.STAGE, "H", "high contrast on / off", null, combo(KeyCode.H)),
    WHOLE_RUN(Scope.STAGE, "F", "lanes of a finished run: the whole run / the last seconds", null, combo(KeyCode.F)),
    NOTES(Scope.STAGE, "N", "speaker notes window", null, combo(KeyCode.N)),
    ZOOM_IN(Scope.STAGE, "+", "lanes: zoom in (also Ctrl+wheel, pinch; drag with Shift: a range)", null,
            combo(KeyCode.EQUALS, KeyCombination.SHIFT_ANY), combo(KeyCode.PLUS, KeyCombination.SHIFT_ANY),
            combo(KeyCode.ADD)),
    ZOOM_OUT(Scope.STAGE, "-", "lanes: zoom out", null, combo(KeyCode.MINUS), combo(KeyCode.SUBTRACT)),
    FIT_WHOLE(Scope.STAGE, "0", "lanes: the whole session", null, combo(KeyCode.DIGIT0), combo(KeyCode.NUMPAD0)),
    FOLLOW_NOW(Scope.STAGE, "End", "lanes: follow now again (the Now button)", null, combo(KeyCode.END)),
    NEXT_MOUNT(Scope.STAGE, "]", "lanes: the selected carrier's next mount", null, combo(KeyCode.CLOSE_BRACKET)),
    PREVIOUS_MOUNT(Scope.STAGE, "[", "lanes: the selected carrier's previous mount", null, combo(KeyCode.OPEN_BRACKET)),
    NEXT_HELD(Scope.STAGE, "Shift+]", "lanes: the carrier's next mount that held it", null,
            combo(KeyCode.CLOSE_BRACKET, KeyCombination.SHIFT_DOWN)),
    KEYS(Scope.STAGE, "? / F1", "this list", "all keys", combo(KeyCode.F1));

    /** Where a key works. */
    public enum Scope {
        /** With a modifier (or a function key): anywhere in the window, whatever has focus. */
        WINDOW,
        /** A plain key: the window and the stage, except while one types into a text field outside presentation mode. */
        STAGE
    }

    /** What the {@code ?} key types: it has no key code of its own on every layout, so it is matched by character. */
    public static final String KEYS_CHARACTER = "?";

    private final Scope scope;
    private final String keys;
    private final String does;
    /** A word or two for the status bar's hint; null: not in it. */
    private final String hint;
    private final List<KeyCombination> combinations;

    KeyBinding(Scope scope, String keys, String does, String hint, KeyCombination... combinations) {
        this.scope = scope;
        this.keys = keys;
        this.does = does;
        this.hint = hint;
        this.combinations = List.of(combinations);
    }

    private static KeyCombination combo(KeyCode code, KeyCombination.Modifier... modifiers) {
        return new KeyCodeCombination(code, modifiers);
    }

    public Scope scope() { return scope; }

    /** As a person reads it: "Ctrl+R", "1 - 5". */
    public String keys() { return keys; }

    public String does() { return does; }

    public List<KeyCombination> combinations() { return combinations; }

    /** The plain (stage) key this event is, if any. */
    public static Optional<KeyBinding> stageKeyFor(KeyEvent event) {
        return Arrays.stream(values()).filter(b -> b.scope == Scope.STAGE)
                .filter(b -> b.combinations.stream().anyMatch(c -> c.match(event))).findFirst();
    }

    /**
     * The status bar's hint: the keys a newcomer needs first, a word or two each. The key that lists all keys
     * leads, so that it stays readable when a narrow window cuts the hint short.
     */
    public static String hint() {
        return Stream.concat(Stream.of(KEYS), Arrays.stream(values()).filter(b -> b != KEYS))
                .filter(b -> b.hint != null).map(b -> b.keys + " " + b.hint)
                .collect(Collectors.joining(" \u00b7 "));
    }
}
