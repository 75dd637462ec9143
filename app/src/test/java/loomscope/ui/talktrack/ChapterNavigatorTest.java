package loomscope.ui.talktrack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import loomscope.workload.LockMode;
import org.junit.jupiter.api.Test;

/** Talk-track navigation without a window: the built-in chapters, moved like a clicker would. */
class ChapterNavigatorTest {
    private final List<Chapter.ChapterSetup> applied = new ArrayList<>();
    private final TalkTrack track = TalkTrackLoader.builtIn();
    private final ChapterNavigator chapters = new ChapterNavigator(track, Set.of(ChapterRunTarget.THIS_JVM), applied::add);

    @Test
    void restoreShowsWithoutApplyingAndGoApplies() {
        assertEquals(-1, chapters.index());
        assertEquals("", chapters.heading());
        chapters.restore(3);
        assertEquals(3, chapters.index());
        assertTrue(applied.isEmpty(), "restoring where the talk was changes no setting");
        assertEquals("4 / 12   JEP 491", chapters.heading());

        chapters.go(3);
        assertEquals(1, applied.size(), "go applies, also to the current chapter (a reset)");
        assertEquals(track.chapter(3), applied.getFirst().chapter());
    }

    @Test
    void nextAndPreviousStopAtTheEnds() {
        chapters.go(0);
        chapters.previous();
        assertEquals(0, chapters.index());
        assertEquals(1, applied.size(), "nothing before the first chapter");
        for (int i = 0; i < 20; i++) {
            chapters.next();
        }
        assertEquals(11, chapters.index());
        assertEquals(12, applied.size(), "one apply per chapter moved to");
        assertNull(chapters.upcoming(), "nothing after the last");
        chapters.previous();
        assertEquals("Your code", chapters.upcoming().title());
        chapters.go(99);
        assertEquals(11, chapters.index(), "go clamps");
        assertEquals(14, applied.size());
    }

    @Test
    void aChapterWaitingForJdk21IsAppliedAgainWhenItIsFound() {
        chapters.go(2);   // "Pinned": wants JDK 21, runs its stand-in until it is found
        Chapter.ChapterSetup standIn = applied.getLast();
        assertTrue(standIn.isStandIn());
        assertEquals(LockMode.NATIVE_FRAME, standIn.lock());

        chapters.setReachable(Set.of(ChapterRunTarget.THIS_JVM));
        assertEquals(1, applied.size(), "nothing changed: not applied again");

        chapters.setReachable(Set.of(ChapterRunTarget.THIS_JVM, ChapterRunTarget.JDK_21));
        assertEquals(2, applied.size());
        assertEquals(ChapterRunTarget.JDK_21, applied.getLast().target());
        assertEquals(LockMode.SYNCHRONIZED, applied.getLast().lock());
        assertEquals(applied.getLast(), chapters.setupProperty().get());
    }

    @Test
    void reachableChangesBeforeAnyChapterApplyNothing() {
        chapters.setReachable(Set.of(ChapterRunTarget.THIS_JVM, ChapterRunTarget.JDK_21));
        assertTrue(applied.isEmpty());
    }
}
