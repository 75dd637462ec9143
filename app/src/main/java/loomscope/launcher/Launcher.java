package loomscope.launcher;

import java.lang.reflect.InvocationTargetException;

/**
 * The entry point of {@code mvn javafx:run}.
 * <p>
 * Why it exists: when Maven runs on JDK 17, javafx-maven-plugin 0.0.8 cannot read JavaFX 26's module
 * descriptors (class version 68) and would launch with an empty {@code --add-modules}. So the plugin puts
 * JavaFX on the class path instead, where JavaFX refuses an {@code Application} subclass as the main class,
 * and the plugin inspects the main class inside Maven's own JVM. Hence a plain class, compiled for Java 17,
 * that touches JavaFX only by reflection, on the JDK 25 that the toolchain chose.
 */
public final class Launcher {
    private static final int NEEDED_JDK = 25;

    private Launcher() { }

    public static void main(String[] args) throws Exception {
        int feature = Runtime.version().feature();
        if (feature < NEEDED_JDK) {
            System.err.println("LoomScope's window needs JDK " + NEEDED_JDK + "+; this JVM is " + Runtime.version());
            System.exit(2);
        }
        // through the window's own main, so that its options are checked before any window opens
        Class<?> app = Class.forName("loomscope.ui.app.LoomScopeApp");
        try {
            app.getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }
}
