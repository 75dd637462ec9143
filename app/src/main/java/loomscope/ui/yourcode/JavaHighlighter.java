package loomscope.ui.yourcode;

import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fxmisc.richtext.model.StyleSpans;
import org.fxmisc.richtext.model.StyleSpansBuilder;

/**
 * Java's words in colour for the editor: keywords, the blocking calls this app is about, strings and comments. A
 * regular expression, not a parser: it only colours, the compiler is the judge. Sources larger than
 * {@link #MAX_CHARS} stay plain so that typing in a huge file stays quick.
 */
final class JavaHighlighter {
    static final int MAX_CHARS = 64 * 1024;

    private static final String[] KEYWORDS = {
            "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
            "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "if",
            "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
            "protected", "public", "record", "return", "short", "static", "super", "switch", "this", "throw", "throws",
            "transient", "try", "var", "void", "volatile", "while", "yield", "true", "false", "null"};
    /** What makes a virtual thread block: the words the audience looks for. */
    private static final String[] BLOCKING = {"sleep", "wait", "join", "get", "acquire", "lock", "take", "put", "read",
            "park", "await", "parkNanos"};

    private static final Pattern PATTERN = Pattern.compile(
            "(?<COMMENT>//[^\n]*|(?s:/\\*.*?\\*/))"
                    + "|(?<STRING>\"[^\"\\\\\n]*(?:\\\\.[^\"\\\\\n]*)*\"|'[^'\\\\\n]*(?:\\\\.[^'\\\\\n]*)*')"
                    + "|(?<BLOCKING>\\bsynchronized\\b|\\b(" + String.join("|", BLOCKING) + ")\\b(?=\\s*\\())"
                    + "|(?<KEYWORD>\\b(" + String.join("|", KEYWORDS) + ")\\b)");

    private JavaHighlighter() { }

    static StyleSpans<Collection<String>> spans(String text) {
        StyleSpansBuilder<Collection<String>> spans = new StyleSpansBuilder<>();
        int last = 0;
        if (text.length() <= MAX_CHARS) {
            Matcher m = PATTERN.matcher(text);
            while (m.find()) {
                String style = m.group("COMMENT") != null ? "java-comment"
                        : m.group("STRING") != null ? "java-string"
                        : m.group("BLOCKING") != null ? "java-blocking" : "java-keyword";
                spans.add(List.of(), m.start() - last);
                spans.add(List.of(style), m.end() - m.start());
                last = m.end();
            }
        }
        spans.add(List.of(), text.length() - last);
        return spans.create();
    }
}
