package loomscope.workload;

import java.util.Arrays;
import java.util.stream.Collectors;

/** Where the 5 ms sleep happens: the seeds' variants of the JEP 491 experiment. */
public enum LockMode {
    NONE("none", "No lock: CPU work, then sleep. Never pins.",
            "Same on every JDK: the sleeping thread unmounts."),
    SHARED_SYNCHRONIZED("shared-synchronized", "One lock for all tasks: the seed's original bug.",
            "Serialised on every JDK: only one sleep at a time, pinned or not (~N x sleep)."),
    SYNCHRONIZED("synchronized", "A new lock per task, sleep inside synchronized: the fixed demo.",
            "JDK 21-23 (or legacy locking): pins the carrier. JDK 24+ (JEP 491): unmounts."),
    REENTRANT_LOCK("reentrant-lock", "A ReentrantLock per task: the pre-JDK 24 workaround.",
            "Never pins: j.u.c locks park the virtual thread on every JDK."),
    NATIVE_FRAME("native-frame", "Sleep inside an FFM upcall from a native qsort downcall.",
            "Pins on every JDK: JEP 491 did not fix native frames. Needs JDK 22+.");

    private final String cliName;
    private final String summary;
    private final String jdkBehaviour;

    LockMode(String cliName, String summary, String jdkBehaviour) {
        this.cliName = cliName;
        this.summary = summary;
        this.jdkBehaviour = jdkBehaviour;
    }

    public String cliName() { return cliName; }

    public String summary() { return summary; }

    public String jdkBehaviour() { return jdkBehaviour; }

    /** The lowest JDK feature release this mode runs on. */
    public int minimumJdk() { return this == NATIVE_FRAME ? 22 : 21; }

    public static String allowedNames() {
        return Arrays.stream(values()).map(LockMode::cliName).collect(Collectors.joining(", "));
    }

    public static LockMode fromCliName(String name) {
        for (LockMode mode : values()) {
            if (mode.cliName.equalsIgnoreCase(name) || mode.name().equalsIgnoreCase(name)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("unknown lock mode '" + name + "'; allowed: " + allowedNames());
    }

    @Override
    public String toString() { return cliName; }
}
