package loomscope.savedrun;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A saved run's table of texts: each distinct text written once, and named by its place (0 for null, k for text k - 1),
 * as JFR's own constant pools do. The pinned events ({@link PinnedEventsOut}) and the witnesses' words
 * ({@link WhysOut}) each write one; {@link PinnedEventsIn#readStrings} reads either back.
 */
final class TextTable {
    private final Map<String, Integer> texts = new LinkedHashMap<>();

    /** Adds {@code text} if it is new; null is never stored. */
    void intern(String text) {
        if (text != null) {
            texts.putIfAbsent(text, texts.size());
        }
    }

    /** 0 for null, else the text's index + 1; the text must have been interned. */
    int ref(String text) {
        return text == null ? 0 : texts.get(text) + 1;
    }

    /** The count, then each text in the order first interned. */
    void write(BinaryOut out) throws IOException {
        out.varint(texts.size());
        for (String text : texts.keySet()) {
            out.string(text);
        }
    }
}
