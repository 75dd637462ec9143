package loomscope.workload;

import java.util.Locale;
/**
 * Which carriers run the virtual threads. {@code POOL} is our instrumented pool of named carriers (every
 * mount is recorded); {@code DEFAULT} is the JDK's own scheduler, which we cannot see inside, so only
 * phase times are recorded. Benchmarks compare the two to show the pool changes nothing.
 */
public enum SchedulerKind {
    POOL, DEFAULT;

    public String cliName() { return name().toLowerCase(Locale.ROOT); }

    public static SchedulerKind fromCliName(String name) {
        for (SchedulerKind kind : values()) {
            if (kind.cliName().equalsIgnoreCase(name)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown scheduler '" + name + "'; allowed: pool, default");
    }
}
