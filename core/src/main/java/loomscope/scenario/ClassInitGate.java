package loomscope.scenario;

/**
 * Called from {@link ClassInitTarget}'s static initializer in a fresh loader (a different runtime package, hence
 * public): blocks for as long as that loader says, so every run of class-init has its own slow {@code <clinit>}.
 */
public final class ClassInitGate {
    private ClassInitGate() { }

    public static void initialising(Class<?> target) {
        if (target.getClassLoader() instanceof FreshClassLoader loader && loader.initMillis() > 0) {
            try {
                Thread.sleep(loader.initMillis());
            } catch (InterruptedException e) {
                // a cancel: the initializer ends early; the class is still initialised, nothing depends on its time
                Thread.currentThread().interrupt();
            }
        }
    }
}
