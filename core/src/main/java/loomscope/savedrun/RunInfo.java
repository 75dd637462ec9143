package loomscope.savedrun;

import java.time.Instant;
import java.util.List;

import loomscope.scenario.Scenarios;

/**
 * What ran, beside the recording itself (which holds the JDK version and the workload's parameters).
 *
 * @param loomscopeVersion the LoomScope that recorded it
 * @param savedAt          when it was written
 * @param scenario         what ran, by name: the seed (the seeds' experiment, in the lock mode of the recording's config) or another
 * @param jvmFlags         the flags a child JVM ran with (e.g. legacy locking); empty for a plain JVM
 * @param hostCores        the processors the recording JVM's host offered
 * @param hostOs           os.name and os.version of that host
 * @param hostArch         os.arch of that host
 * @param carriersLowered  the window lowered the carriers' priority to keep drawing (so it ran slower than the CLI)
 */
public record RunInfo(String loomscopeVersion, Instant savedAt, String scenario, List<String> jvmFlags,
                      int hostCores, String hostOs, String hostArch, boolean carriersLowered) {

    /** The one place LoomScope's own version is written down. */
    public static final String LOOMSCOPE_VERSION = "0.1";

    /** What a file names when the default scenario ran: the seed, as every file before scenarios did. */
    public static final String SEED_SCENARIO = Scenarios.DEFAULT.name();

    public RunInfo {
        jvmFlags = jvmFlags == null ? List.of() : List.copyOf(jvmFlags);
    }

    /** A run of the default scenario (the seed experiment) recorded now, on this host. */
    public static RunInfo ofThisHost(List<String> jvmFlags, boolean carriersLowered) {
        return new RunInfo(LOOMSCOPE_VERSION, Instant.now(), SEED_SCENARIO, jvmFlags,
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.name") + " " + System.getProperty("os.version"),
                System.getProperty("os.arch"), carriersLowered);
    }
}
