package loomscope.ui.talktrack;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

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

    /**
     * One line per chapter whose JVM this machine lacks, for the launch output: what it wanted and what runs in its
     * place ({@link Chapter#setupFor}); nothing for chapters that can run as written.
     */
    public List<String> standInLines(Set<ChapterRunTarget> reachable) {
        return standInLines(reachable, name -> true);
    }

    /** The same, and a line per chapter whose snippet {@code snippetFound} does not find (neither a starter nor a file). */
    public List<String> standInLines(Set<ChapterRunTarget> reachable,
                                               Predicate<String> snippetFound) {
        List<String> lines = new ArrayList<>();
        for (Chapter c : chapters) {
            if (c.snippet() != null && !snippetFound.test(c.snippet())) {
                lines.add("LoomScope: chapter " + c.number() + "'s snippet " + c.snippet() + " is neither in the snippet "
                        + "folder nor among the starters: the editor says so when the chapter comes, and Run runs what it holds");
            }
            Chapter.ChapterSetup setup = c.setupFor(reachable);
            if (setup.isStandIn()) {
                lines.add("LoomScope: chapter " + c.number() + " runs on " + c.runOn().label() + ", which this machine lacks: "
                        + "it runs " + setup.standInLabel() + (c.snippet() != null ? " instead of its snippet " + c.snippet() : "")
                        + " (the header says so too)");
            } else if (setup.target() != c.runOn()) {
                lines.add("LoomScope: chapter " + c.number() + " runs on " + setup.target().label() + " in place of "
                        + c.runOn().label() + ", which this machine lacks");
            }
        }
        return lines;
    }

    public int clamp(int index) {
        return Math.max(0, Math.min(chapters.size() - 1, index));
    }
}
