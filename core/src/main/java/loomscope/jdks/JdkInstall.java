package loomscope.jdks;

import java.nio.file.Path;
import java.util.Locale;

/**
 * A Java runtime on this machine that can run the workload: a JDK or JRE of feature release 21 or newer.
 *
 * @param home    the runtime's home folder (the one holding {@code bin/java} and usually a {@code release} file)
 * @param version the full version as the runtime reports it, e.g. {@code 21.0.8} or {@code 25.0.3+9-LTS}
 * @param feature the feature release, e.g. 21
 * @param vendor  the implementor if the release file names one, else empty
 * @param foundBy where discovery found it (e.g. {@code JAVA_HOME}, {@code /usr/lib/jvm}, {@code added by you})
 */
public record JdkInstall(Path home, String version, int feature, String vendor, String foundBy) {

    /** The oldest feature release with final virtual threads, which the workload needs. */
    public static final int MINIMUM_FEATURE = 21;

    /** The {@code java} launcher inside {@link #home()}. */
    public Path javaLauncher() {
        return JdkInspector.launcherIn(home);
    }

    /** Whether {@code synchronized} pins here by default: before JEP 491 (JDK 24). */
    public boolean pinsOnSynchronized() {
        return feature < 24;
    }

    /** A short, human label: "JDK 21.0.8 (Eclipse Adoptium) — /usr/lib/jvm/...". */
    public String label() {
        String who = vendor.isEmpty() ? "" : " (" + vendor + ")";
        return String.format(Locale.ROOT, "JDK %s%s — %s", version, who, home);
    }

    @Override
    public String toString() { return label(); }
}
