package loomscope.report;

import java.util.Locale;

/** How LoomScope writes times and JDK versions wherever a person reads them: cards, tables, the CLI. */
public final class TimeText {
    private TimeText() { }

    /** Seconds with the precision a listener can take in: 0.85 s, 13.6 s, 128 s. */
    public static String seconds(double millis) {
        double s = millis / 1000;
        if (s < 9.995) {
            return String.format(Locale.ROOT, "%.2f s", s);
        }
        if (s < 99.95) {
            return String.format(Locale.ROOT, "%.1f s", s);
        }
        return String.format(Locale.ROOT, "%,.0f s", s);
    }

    /** "25.0.3+9-LTS" → "25.0.3", "26-ea+3" → "26-ea": the build number means nothing from the back row. */
    public static String jdk(String runtimeVersion) {
        int plus = runtimeVersion.indexOf('+');
        return plus > 0 ? runtimeVersion.substring(0, plus) : runtimeVersion;
    }

    /** "25.0.3+9-LTS" → "25": the feature release, which decides the pinning story. */
    public static String jdkFeature(String runtimeVersion) {
        String v = jdk(runtimeVersion);
        int end = 0;
        while (end < v.length() && Character.isDigit(v.charAt(end))) {
            end++;
        }
        return end > 0 ? v.substring(0, end) : v;
    }

    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
