package loomscope.io;

/**
 * Text another process sent, as LoomScope keeps and shows it: an attached agent's thread names, main class, Java
 * version and reasons, a child JVM's prints, exception messages and notes. They come from a process (or a file) that
 * may send anything, and the CLI prints them on a terminal and the window in its labels. Control characters (C0, DEL,
 * C1: an ESC starts a terminal's escape sequence), bidirectional marks, overrides and isolates (which reorder what
 * follows them on screen), line or paragraph separators and lone surrogates become '?'; text past its bound is cut,
 * with '…' marking the cut. The one policy for such text: the agent module keeps none (it sends, it shows nothing).
 */
public final class ForeignText {
    /** A thread's or carrier's name: longer than any a pool or a server gives, short enough to print in a line. */
    public static final int NAME_CHARS = 256;
    /** A Java version, a main class or jar, a reason the agent gives. */
    public static final int TEXT_CHARS = 500;
    /** What a message quotes of a line it cannot read. */
    public static final int QUOTED_CHARS = 80;

    private ForeignText() { }

    /**
     * {@code text} in one line, without what a terminal would obey, at most {@code maxChars} characters and the mark of
     * a cut; null is "".
     */
    public static String clean(String text, int maxChars) {
        return text == null ? "" : cleaned(text, maxChars, false);
    }

    /**
     * As {@link #clean}, keeping newlines and tabs: text of several lines, such as a stack trace a task threw, whose
     * lines are shown as lines.
     */
    public static String cleanLines(String text, int maxChars) {
        return text == null ? "" : cleaned(text, maxChars, true);
    }

    /** Whether {@code text} has a character {@link #clean} would replace. */
    public static boolean hasHidden(String text) {
        return text != null && anyHidden(text, false);
    }

    /** A loop, not a stream: every name and frame of a stream or a file comes through here (a hostile file's millions). */
    private static boolean anyHidden(String text, boolean lines) {
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            if (hidden(cp, lines)) {
                return true;
            }
            i += Character.charCount(cp);
        }
        return false;
    }

    private static String cleaned(String text, int maxChars, boolean lines) {
        if (text.length() <= maxChars && !anyHidden(text, lines)) {
            return text;   // nearly every name and line: no copy
        }
        StringBuilder b = new StringBuilder(Math.min(text.length(), maxChars + 1));
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            int width = Character.charCount(cp);
            if (b.length() + width > maxChars) {
                return b.append('…').toString();
            }
            b.appendCodePoint(hidden(cp, lines) ? '?' : cp);
            i += width;
        }
        return b.toString();
    }

    private static boolean hidden(int cp, boolean lines) {
        if (lines && (cp == '\n' || cp == '\t')) {
            return false;
        }
        return Character.isISOControl(cp)
                || cp == 0x061C                       // Arabic letter mark
                || cp == 0x200E || cp == 0x200F       // left-to-right and right-to-left marks
                || cp >= 0x202A && cp <= 0x202E       // embeddings and overrides
                || cp >= 0x2066 && cp <= 0x2069       // isolates
                || cp == 0x2028 || cp == 0x2029       // line and paragraph separators
                || Character.getType(cp) == Character.SURROGATE;   // a lone half of a pair
    }
}
