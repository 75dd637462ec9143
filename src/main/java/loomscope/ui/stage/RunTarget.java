package loomscope.ui.stage;

/**
 * Which JVM a chapter wants its run on. Only {@link #THIS_JVM} exists until the JDK-comparison feature
 * can launch a second JVM; until then chapters that want another target run their declared stand-in.
 */
public enum RunTarget {
    THIS_JVM("this-jvm", "this JVM"),
    JDK_21("jdk-21", "JDK 21"),
    LEGACY_LOCKING("legacy-locking", "JDK 25 with legacy locking");

    private final String fileName;
    private final String label;

    RunTarget(String fileName, String label) {
        this.fileName = fileName;
        this.label = label;
    }

    /** How the chapters file spells it. */
    public String fileName() {
        return fileName;
    }

    public String label() {
        return label;
    }

    static RunTarget fromFileName(String name) {
        for (RunTarget t : values()) {
            if (t.fileName.equalsIgnoreCase(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown runOn '" + name + "'; allowed: this-jvm, jdk-21, legacy-locking");
    }
}
