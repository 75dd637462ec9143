package loomscope.runs;

/**
 * Text from a child JVM (a task's prints, its exception messages, its thread names) made safe to put on a terminal or
 * in the window: a task can print ESC sequences that recolour, move the cursor, retitle or clear the terminal of the
 * person running it. Control characters other than newline and tab are shown, not sent: ESC as {@code \e}, the rest
 * (C0, DEL, C1) as {@code \xHH}; the text is cut at a bound so that a child cannot flood us through one line.
 */
final class ShownText {
    private ShownText() { }

    /** {@code text} with its control characters made visible, at most about {@code maxChars} characters long. */
    static String of(String text, int maxChars) {
        if (text == null) {
            return null;
        }
        StringBuilder shown = null;
        int limit = Math.min(text.length(), maxChars);
        for (int i = 0; i < limit; i++) {
            char c = text.charAt(i);
            boolean control = (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c <= 0x9f);
            if (control && shown == null) {
                shown = new StringBuilder(limit + 16).append(text, 0, i);
            }
            if (shown != null) {
                if (c == 0x1b) {
                    shown.append("\\e");
                } else if (control) {
                    shown.append(String.format("\\x%02X", (int) c));
                } else {
                    shown.append(c);
                }
            }
        }
        String kept = shown != null ? shown.toString() : text.substring(0, limit);
        return limit < text.length() ? kept + "..." : kept;
    }
}
