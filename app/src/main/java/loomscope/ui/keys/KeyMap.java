package loomscope.ui.keys;

import java.util.Map;

import javafx.scene.Scene;

/** Installs a feature's window-wide keys from the one table ({@link KeyBinding}). */
public final class KeyMap {
    private KeyMap() { }

    /** Each binding's combinations run its action, whatever has focus; only {@link KeyBinding.Scope#WINDOW} keys. */
    public static void install(Scene scene, Map<KeyBinding, Runnable> actions) {
        actions.forEach((binding, action) -> {
            if (binding.scope() != KeyBinding.Scope.WINDOW) {
                throw new IllegalArgumentException(binding + " is a stage key: StageKeys handles it");
            }
            binding.combinations().forEach(c -> scene.getAccelerators().put(c, action));
        });
    }
}
