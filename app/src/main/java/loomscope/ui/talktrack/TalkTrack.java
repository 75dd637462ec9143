package loomscope.ui.talktrack;

import java.util.List;

/** The chapters of a talk, in order. Never empty. */
public record TalkTrack(String title, List<Chapter> chapters, String source) {

    public TalkTrack {
        chapters = List.copyOf(chapters);
        if (chapters.isEmpty()) {
            throw new IllegalArgumentException("a talk track needs at least one chapter");
        }
    }

    public int size() {
        return chapters.size();
    }

    /** @param index 0-based, clamped to the track: a clicker pressed once too often stays on the last slide */
    public Chapter chapter(int index) {
        return chapters.get(clamp(index));
    }

    public int clamp(int index) {
        return Math.max(0, Math.min(chapters.size() - 1, index));
    }
}
