package loomscope.workload;

import java.util.Locale;
/** The seeds compare virtual threads with one platform thread per task. */
public enum ThreadKind {
    VIRTUAL, PLATFORM;

    public String cliName() { return name().toLowerCase(Locale.ROOT); }

    public static ThreadKind fromCliName(String name) {
        for (ThreadKind kind : values()) {
            if (kind.cliName().equalsIgnoreCase(name)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown thread kind '" + name + "'; allowed: virtual, platform");
    }
}
