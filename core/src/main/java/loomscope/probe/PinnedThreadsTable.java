package loomscope.probe;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The pinned events grouped like {@code jfr view pinned-threads}: one row per top application frame (and,
 * JDK 24+, per pinning reason), with count, longest and total pinned time, biggest total first.
 */
public final class PinnedThreadsTable {
    private PinnedThreadsTable() { }

    /**
     * @param method   the top application frame's "Class.method(File:line)" text, or "(no stack)"
     * @param reason   JFR's pinnedReason, or "(not reported)" on JDK 21
     */
    public record Row(String method, String reason, int count, long longestNanos, long totalNanos) { }

    public static List<Row> of(List<PinnedEvent> events) {
        Map<List<String>, long[]> groups = new LinkedHashMap<>();
        for (PinnedEvent e : events) {
            StackFrame top = e.topApplicationFrame();
            String method = top == null ? "(no stack)" : top.className() + "." + top.methodName()
                    + (top.line() >= 0 ? ":" + top.line() : "");
            String reason = Objects.requireNonNullElse(e.reason(), "(not reported)");
            long[] g = groups.computeIfAbsent(List.of(method, reason), k -> new long[3]);
            g[0]++;
            g[1] = Math.max(g[1], e.duration());
            g[2] += e.duration();
        }
        List<Row> rows = new ArrayList<>(groups.size());
        groups.forEach((k, g) -> rows.add(new Row(k.get(0), k.get(1), (int) g[0], g[1], g[2])));
        rows.sort(Comparator.comparingLong(Row::totalNanos).reversed());
        return rows;
    }

    /** The table as text, for the CLI and for a quick look in a test log. */
    public static String format(List<Row> rows) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%-60s %-34s %7s %10s %10s%n",
                "Method", "Reason", "Count", "Longest", "Total"));
        for (Row r : rows) {
            s.append(String.format(Locale.ROOT, "%-60s %-34s %7d %8.2f ms %8.0f ms%n",
                    r.method(), r.reason(), r.count(), r.longestNanos() / 1e6, r.totalNanos() / 1e6));
        }
        return s.toString();
    }
}
