package loomscope.attach;

/**
 * Text an agent sent, as LoomScope keeps and shows it: the target's thread names, its main class, its Java version
 * and reasons come from a process (or a file) that may send anything, and the CLI prints them on a terminal. Control
 * characters (C0, DEL, C1: an ESC starts a terminal's escape sequence), bidirectional overrides and isolates (which
 * reorder what follows them on screen) and line or paragraph separators become '?'; text past its bound is cut,
 * with '…' marking the cut. The reader stores nothing else.
 */
final class AgentText {
    /** A thread's or carrier's name: longer than any a pool or a server gives, short enough to print in a line. */
    static final int NAME_CHARS = 256;
    /** A Java version, a main class or jar, a reason the agent gives. */
    static final int TEXT_CHARS = 500;
    /** What a message quotes of a line it cannot read. */
    static final int QUOTED_CHARS = 80;

    private AgentText() { }

    /** {@code text} without what a terminal would obey, at most {@code maxChars} characters and the mark of a cut. */
    static String clean(String text, int maxChars) {
        if (text == null) {
            return "";
        }
        if (text.length() <= maxChars && text.codePoints().noneMatch(AgentText::hidden)) {
            return text;   // nearly every name: no copy
        }
        StringBuilder b = new StringBuilder(Math.min(text.length(), maxChars + 1));
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            int width = Character.charCount(cp);
            if (b.length() + width > maxChars) {
                return b.append('…').toString();
            }
            b.appendCodePoint(hidden(cp) ? '?' : cp);
            i += width;
        }
        return b.toString();
    }

    /** Whether {@code text} has a character {@link #clean} would replace. */
    static boolean hasHidden(String text) {
        if (text == null) {
            return false;
        }
        // a loop, not a stream: every name and frame of a stream or a file comes through here (a hostile file's millions)
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            if (hidden(cp)) {
                return true;
            }
            i += Character.charCount(cp);
        }
        return false;
    }

    private static boolean hidden(int cp) {
        return Character.isISOControl(cp)
                || cp == 0x061C                       // Arabic letter mark
                || cp == 0x200E || cp == 0x200F       // left-to-right and right-to-left marks
                || cp >= 0x202A && cp <= 0x202E       // embeddings and overrides
                || cp >= 0x2066 && cp <= 0x2069       // isolates
                || cp == 0x2028 || cp == 0x2029       // line and paragraph separators
                || Character.getType(cp) == Character.SURROGATE;   // a lone half of a pair
    }
}
