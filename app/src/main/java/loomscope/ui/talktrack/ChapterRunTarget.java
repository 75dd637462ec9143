package loomscope.ui.talktrack;

/**
 * Which JVM a chapter wants its run on. Which of them exist is known only after the "Run on" discovery
 * (loomscope.runs); a chapter whose target is missing runs its {@link #fallback()}, else its stand-in.
 */
public enum ChapterRunTarget {
    THIS_JVM("this-jvm", "this JVM"),
    JDK_21("jdk-21", "JDK 21"),
    LEGACY_LOCKING("legacy-locking", "JDK 25 with legacy locking");

    private final String fileName;
    private final String label;

    ChapterRunTarget(String fileName, String label) {
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

    /**
     * What reproduces this target's behaviour when it is not installed, or null: JDK 25 with legacy locking
     * pins in synchronized exactly like JDK 21 did (same mechanism: the monitor belongs to the carrier).
     */
    public ChapterRunTarget fallback() {
        return this == JDK_21 ? LEGACY_LOCKING : null;
    }

    static ChapterRunTarget fromFileName(String name) {
        for (ChapterRunTarget t : values()) {
            if (t.fileName.equalsIgnoreCase(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown runOn '" + name + "'; allowed: this-jvm, jdk-21, legacy-locking");
    }
}
