package loomscope.report;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import loomscope.recording.RunRecording;
import loomscope.recording.TimeAxis;

/**
 * A range of a run to export, as a person writes it: {@code 12.5s..13s}, {@code 250ms..300ms}, {@code 40us..90µs}, in
 * time since the run's start, as the lanes' axis labels count it (an end without a unit takes the other end's). The
 * exports take it as a {@link TimeAxis} on the recording's clock, the type the window's visible range is.
 */
public final class RunRange {
    private RunRange() { }

    /** At most this many characters are read: a range is short, and a message quotes what it read. */
    static final int MAX_CHARS = 64;

    private static final Pattern END = Pattern.compile("\\s*(\\d+(?:\\.\\d+)?|\\.\\d+)\\s*(s|ms|us|µs)?\\s*");

    /** {@code text} on {@code recording}'s clock; an unparsable, reversed or empty range, or one outside the run, throws. */
    public static TimeAxis of(RunRecording recording, String text) {
        TimeAxis range = parse(text, recording.runStart());
        String problem = problem(recording, range);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        return range;
    }

    /** {@code text} as an axis from {@code runStart}; throws when it cannot be read or is reversed or empty. */
    static TimeAxis parse(String text, long runStart) {
        String shown = text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) + "…" : text;
        int dots = text.indexOf("..");
        if (text.length() > MAX_CHARS || dots < 0 || text.indexOf("..", dots + 2) >= 0) {
            throw new IllegalArgumentException("'" + shown + "' is not a range: write FROM..TO, e.g. 12.5s..13s (s, ms, µs)");
        }
        Matcher a = END.matcher(text.substring(0, dots));
        Matcher b = END.matcher(text.substring(dots + 2));
        if (!a.matches() || !b.matches() || a.group(2) == null && b.group(2) == null) {
            throw new IllegalArgumentException("'" + shown + "' is not a range: write FROM..TO with a unit, e.g. 12.5s..13s"
                    + " (s, ms, µs)");
        }
        long from = nanos(a.group(1), a.group(2) != null ? a.group(2) : b.group(2), shown);
        long to = nanos(b.group(1), b.group(2) != null ? b.group(2) : a.group(2), shown);
        if (to <= from) {
            throw new IllegalArgumentException("'" + shown + "' ends " + (to < from ? "before" : "where") + " it starts:"
                    + " write the earlier time first");
        }
        return new TimeAxis(runStart + from, to - from, false);
    }

    private static long nanos(String number, String unit, String shown) {
        BigDecimal scale = switch (unit) {
            case "s" -> BigDecimal.valueOf(1_000_000_000L);
            case "ms" -> BigDecimal.valueOf(1_000_000L);
            default -> BigDecimal.valueOf(1_000L);
        };
        BigDecimal value = new BigDecimal(number.startsWith(".") ? "0" + number : number).multiply(scale);
        if (value.compareTo(BigDecimal.valueOf(Long.MAX_VALUE / 4)) > 0) {
            throw new IllegalArgumentException("'" + shown + "' is longer than any run");
        }
        return value.longValue();
    }

    /** Why {@code range} cannot be exported from {@code recording}, or null (a null range is the whole run). */
    public static String problem(RunRecording recording, TimeAxis range) {
        if (range == null) {
            return null;
        }
        long length = recording.settledEnd() - recording.runStart();
        if (range.start() < recording.runStart() || range.end() > recording.settledEnd()) {
            return String.format(Locale.ROOT, "%s..%s is outside the run, which lasts 0..%s", seconds(range.start()
                    - recording.runStart()), seconds(range.end() - recording.runStart()), seconds(length));
        }
        return null;
    }

    /**
     * The part of {@code visible} (the window's lanes' axis) that lies within {@code recording}'s run, or null where
     * that is the whole run (or nothing of it): what an export of "what the window shows" takes.
     */
    public static TimeAxis visible(RunRecording recording, TimeAxis visible) {
        if (visible == null || !recording.isFinished()) {
            return null;
        }
        long from = Math.max(visible.start(), recording.runStart());
        long to = Math.min(visible.end(), recording.settledEnd());
        if (to <= from || from == recording.runStart() && to == recording.settledEnd()) {
            return null;
        }
        return new TimeAxis(from, to - from, false);
    }

    /** "12.5s", "0.0405s": nanos since the run's start in seconds, as exact as they are. */
    static String seconds(long nanos) {
        return BigDecimal.valueOf(nanos, 9).stripTrailingZeros().toPlainString() + "s";
    }
}
