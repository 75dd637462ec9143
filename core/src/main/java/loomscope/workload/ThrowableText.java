package loomscope.workload;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * A task's throwable in words, without trusting it: its {@code toString()}, {@code getMessage()},
 * {@code getStackTrace()}, {@code getCause()} and {@code printStackTrace} are the task's own code and may throw, return
 * null or a megabyte. Only {@code getClass()} cannot be overridden: it is the fallback. A throw ends its thread only
 * (docs/your-code.md); describing it must not end the run.
 */
public final class ThrowableText {
    /** Longest description kept of one throwable: a message of a megabyte is the task's, not ours to print. */
    static final int MAX_LINE_CHARS = 500;
    /** Causes followed at most: a cause chain can be a cycle or endless. */
    private static final int MAX_CAUSES = 4;

    private ThrowableText() { }

    /** "java.lang.IllegalStateException: no", or the class name and why when its toString() misbehaves. */
    public static String describe(Throwable t) {
        if (t == null) {
            return "an exception";
        }
        String text;
        try {
            text = t.toString();
        } catch (Throwable broken) {
            text = t.getClass().getName() + " (its toString() threw " + broken.getClass().getName() + ")";
        }
        if (text == null) {
            text = t.getClass().getName();
        }
        return text.length() > MAX_LINE_CHARS ? text.substring(0, MAX_LINE_CHARS) + "..." : text;
    }

    /** The throwable's frames, or none if getStackTrace() misbehaves. */
    public static List<StackTraceElement> frames(Throwable t) {
        try {
            StackTraceElement[] frames = t.getStackTrace();
            if (frames == null) {
                return List.of();
            }
            List<StackTraceElement> kept = new ArrayList<>(frames.length);
            for (StackTraceElement frame : frames) {
                if (frame != null) {
                    kept.add(frame);
                }
            }
            return kept;
        } catch (Throwable broken) {
            return List.of();
        }
    }

    /**
     * Like printStackTrace, in at most {@code maxLines} lines: each throwable's frames up to (not including) the first
     * frame of {@code stopAtClass} (the caller's frames below the task's), then its causes the same way.
     */
    public static String stack(Throwable t, String stopAtClass, int maxLines) {
        List<String> lines = new ArrayList<>();
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Throwable current = t;
        for (int depth = 0; current != null && depth <= MAX_CAUSES && seen.add(current) && lines.size() < maxLines; depth++) {
            lines.add((depth == 0 ? "" : "Caused by: ") + describe(current));
            for (StackTraceElement frame : frames(current)) {
                if (lines.size() >= maxLines || frame.getClassName().equals(stopAtClass)) {
                    break;
                }
                lines.add("\tat " + frame);
            }
            current = cause(current);
        }
        return String.join("\n", lines);
    }

    private static Throwable cause(Throwable t) {
        try {
            return t.getCause();
        } catch (Throwable broken) {
            return null;
        }
    }
}
