package loomscope.report;

import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import loomscope.recording.RunSummary;

/** The history as CSV (for spreadsheets) and as a Markdown table (for slides, READMEs, issues). */
public final class HistoryTables {
    private HistoryTables() { }

    private record Column(String csvName, String markdownName, Function<HistoryEntry, String> value) { }

    private static final List<Column> COLUMNS = List.of(
            new Column("finished_at", "finished", e -> e.finishedAt() == null ? "" : e.finishedAt().truncatedTo(ChronoUnit.SECONDS).toString()),
            new Column("jdk", "JDK", e -> TimeText.jdk(e.summary().jdkVersion())),
            new Column("lock", "lock", e -> e.summary().lock()),
            new Column("parallelism", "P", e -> Integer.toString(e.summary().parallelism())),
            new Column("threads", "N", e -> Integer.toString(e.summary().threads())),
            new Column("thread_kind", "threads", e -> e.summary().threadKind()),
            new Column("scheduler", "scheduler", e -> e.summary().scheduler()),
            new Column("completed", "completed", e -> Integer.toString(e.summary().completed())),
            new Column("cancelled", "cancelled", e -> Boolean.toString(e.summary().cancelled())),
            new Column("wall_s", "time s", e -> seconds(e.summary().wallMillis())),
            new Column("pinned_mounts", "pinned mounts", e -> known(e.summary().pinnedMounts())),
            new Column("mounts", "mounts", e -> known(e.summary().mounts())),
            new Column("carriers_used", "carriers used", e -> known(e.summary().carriersUsed())),
            new Column("bound_unpinned_s", "unpinned bound s", e -> seconds(e.summary().boundUnpinnedMillis())),
            new Column("bound_pinned_s", "pinned bound s", e -> seconds(e.summary().boundPinnedMillis())),
            new Column("jdk_version", "JDK build", e -> e.summary().jdkVersion()),
            // added last, so spreadsheets reading the older columns by position keep working
            new Column("jvm_flags", "JVM flags", HistoryEntry::jvmFlagsText),
            new Column("carriers_lowered", "carriers lowered", e -> Boolean.toString(e.carriersLowered())),
            new Column("unsure_mounts", "unsure mounts", e -> Long.toString(e.unsureMounts())));

    /**
     * Where each run came from and an application's main class: added last, and only to a history that knows where its
     * runs came from (the window's), so that a table of runs read from older files keeps its columns.
     */
    private static final List<Column> SOURCE_COLUMNS = List.of(
            new Column("source", "source", e -> e.sourceName() == null ? "" : e.sourceName()),
            new Column("main_class", "main class", e -> e.application() == null ? "" : e.application().mainClass()));

    /** The columns of an application's row left empty: LoomScope ran none of its tasks ({@link RunsJson#NOT_AN_APPLICATIONS}). */
    private static final java.util.Set<String> NOT_AN_APPLICATIONS = java.util.Set.of("lock", "scheduler", "completed",
            "cancelled", "bound_unpinned_s", "bound_pinned_s");

    private static List<Column> columnsFor(List<HistoryEntry> history) {
        if (history.stream().noneMatch(e -> e.sourceName() != null)) {
            return COLUMNS;
        }
        List<Column> all = new java.util.ArrayList<>(COLUMNS);
        all.addAll(SOURCE_COLUMNS);
        return all;
    }

    private static String cell(Column c, HistoryEntry e) {
        return e.application() != null && NOT_AN_APPLICATIONS.contains(c.csvName()) ? "" : c.value().apply(e);
    }

    public static String csv(List<HistoryEntry> history) {
        List<Column> columns = columnsFor(history);
        StringBuilder out = new StringBuilder();
        appendCsvRow(out, columns.stream().map(Column::csvName).toList());
        for (HistoryEntry e : history) {
            appendCsvRow(out, columns.stream().map(c -> cell(c, e)).toList());
        }
        return out.toString();
    }

    public static String markdown(List<HistoryEntry> history) {
        List<Column> columns = columnsFor(history);
        StringBuilder out = new StringBuilder("| # ");
        for (Column c : columns) {
            out.append("| ").append(c.markdownName()).append(' ');
        }
        out.append("|\n|---:").append("|---".repeat(columns.size())).append("|\n");
        int number = 1;
        for (HistoryEntry e : history) {
            out.append("| ").append(number++).append(' ');
            for (Column c : columns) {
                out.append("| ").append(markdownCell(cell(c, e))).append(' ');
            }
            out.append("|\n");
        }
        return out.toString();
    }

    /** A pipe would split the row and a line break end the table: escaped, as every control character is. */
    static String markdownCell(String text) {
        return visible(text).replace("|", "\\|");
    }

    /**
     * Control characters (line breaks, tabs, ESC) as backslash-x and two hex digits, Unicode's line and paragraph
     * separators as backslash-u and four: a cell is one line of text in a table, whatever a file or a JDK's version
     * string held (a {@code jdkVersion} with a newline broke history.md's table).
     */
    static String visible(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            if (Character.isISOControl(c)) {
                out.append(String.format(Locale.ROOT, "\\x%02X", c));
            } else if (c == 0x2028 || c == 0x2029) {
                out.append(String.format(Locale.ROOT, "\\u%04X", c));
            } else {
                out.appendCodePoint(c);
            }
        });
        return out.toString();
    }

    /** RFC 4180: quote a field holding a comma or quote; double its quotes. Control characters are escaped first. */
    static void appendCsvRow(StringBuilder out, List<String> fields) {
        for (int i = 0; i < fields.size(); i++) {
            String f = visible(fields.get(i));
            if (i > 0) {
                out.append(',');
            }
            if (f.indexOf(',') >= 0 || f.indexOf('"') >= 0 || f.indexOf('\n') >= 0 || f.indexOf('\r') >= 0) {
                out.append('"').append(f.replace("\"", "\"\"")).append('"');
            } else {
                out.append(f);
            }
        }
        out.append("\r\n");
    }

    private static String seconds(double millis) {
        return String.format(Locale.ROOT, "%.3f", millis / 1000);
    }

    private static String known(long n) {
        return n < 0 ? "" : Long.toString(n);
    }

    /** For tests and callers that want the numbers of one summary in the table's words. */
    static String timeCell(RunSummary s) {
        return seconds(s.wallMillis());
    }
}
