package loomscope.report;

import java.time.Instant;

import loomscope.recording.RunSummary;

/** Summaries shaped like real recordings (the figures measured in JDK-FACTS), for rendering tests. */
final class Runs {
    private Runs() { }

    static RunSummary summary(String jdk, String lock, int p, int n, double wallMillis, long pinnedMounts) {
        return new RunSummary(jdk, lock, p, n, "pool", "virtual", 10_000, 5, n, false, wallMillis, 0.19, 5.2,
                n * 5.4 / p, n * 0.19 / p + 5, n * 2L, pinnedMounts, (int) Math.max(0, Math.min(n, pinnedMounts)), p, 0, 1);
    }

    static HistoryEntry entry(String jdk, String lock, int p, int n, double wallMillis, long pinnedMounts) {
        return new HistoryEntry(summary(jdk, lock, p, n, wallMillis, pinnedMounts), Instant.parse("2026-11-22T08:15:30Z"));
    }

    static HistoryEntry jep491() {
        return entry("25.0.3+9-LTS", "synchronized", 1, 5000, 853, 0);
    }

    static HistoryEntry sharedLock() {
        return entry("25.0.3+9-LTS", "shared-synchronized", 1, 5000, 27_412, 0);
    }

    static HistoryEntry nativeFrame() {
        return entry("25.0.3+9-LTS", "native-frame", 2, 5000, 13_640, 5000);
    }

    static HistoryEntry jdk21() {
        return entry("21.0.8+9-LTS", "synchronized", 1, 5000, 27_205, 5000);
    }
}
