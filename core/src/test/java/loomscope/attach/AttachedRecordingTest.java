package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import loomscope.probe.PinnedEvent;
import loomscope.probe.Witness;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSource;

/** A session's state as a recording: the whole session, and its newest episodes with the witnesses near them. */
class AttachedRecordingTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void aMainClassIsNamedWithoutItsModule() {
        assertEquals("com.sun.tools.javac.launcher.SourceLauncher",
                AttachedRecording.classNameFor("jdk.compiler/com.sun.tools.javac.launcher.SourceLauncher"));
        assertEquals("org.example.Main", AttachedRecording.classNameFor("org.example.Main"));
        assertEquals("Attached", AttachedRecording.classNameFor("/opt/app/server.jar"));
        assertEquals("Attached", AttachedRecording.classNameFor("a/b/c"));
        assertEquals("Attached", AttachedRecording.classNameFor(""));
    }

    @Test
    void theWholeSessionIsATaskFileRunOfItsApplicationWithEveryEpisodeAMount() {
        AttachedEpisodes e = new AttachedEpisodes(1 << 20, false);
        e.hello("25.0.1");
        e.identity(4242, "org.example.Main");
        e.carrier(0, 0, "ForkJoinPool-1-worker-1");
        e.virtualThread(0, 100, "a");
        e.episode(0, 0, 10, 20, 0, false);
        e.episode(0, 0, 30, 40, 0, false);
        RunRecording r;
        synchronized (e) {
            r = AttachedRecording.whole(e.held(""), "", Integer.MAX_VALUE);
        }
        assertEquals(2, r.carriersByIndex()[0].size());
        assertEquals(40, r.runEnd());
        RunSource.Jvm jvm = ((RunSource.Application) r.source()).jvms().get(0);
        assertEquals("org.example.Main", jvm.mainClass(), "the target's own main class where none is given");
        assertEquals(4242, jvm.pid());
        assertEquals("25.0.1", r.jdkVersion());
    }

    @Test
    void theNewestEpisodesTakeOnlyTheWitnessesNearThem() {
        AttachedEpisodes e = new AttachedEpisodes(1 << 20, false);
        e.carrier(0, 0, "ForkJoinPool-1-worker-1");
        e.virtualThread(0, 100, "a");
        e.jfrPin(100, SECOND, 1_000, "ForkJoinPool-1-worker-1");                      // long before the newest
        e.episode(0, 0, SECOND, SECOND + 1_000, 0, false);
        e.episode(0, 0, 60 * SECOND, 60 * SECOND + 5_000_000, 5_000_000, true);       // a pinned park the hook saw
        e.jfrPin(100, 60 * SECOND, 5_000_000, "ForkJoinPool-1-worker-1");
        e.witness(Witness.Kind.values()[0].wireName(), 60 * SECOND, 5_000_000, "x", List.of());
        List<PinnedEvent> pins = new ArrayList<>();
        List<Witness> seen = new ArrayList<>();
        AttachedEpisodes.Newest newest;
        synchronized (e) {
            newest = AttachedRecording.newestHeld(e.held("m"), "m", 8, 1, 10, pins, seen);
        }
        assertEquals(1, newest.episodesShown());
        assertEquals(1, newest.episodesLeftOut());
        assertEquals(60 * SECOND, newest.recording().runStart(), "the lanes span what they show");
        assertEquals(2, pins.size(), "JFR's pin near the newest, then the hook's park; the old pin is left out");
        assertEquals(60 * SECOND, pins.get(0).start());
        assertEquals(AttachedClassing.PINNED_PARK, pins.get(1).reason());
        assertTrue(pins.stream().allMatch(p -> p.carrierIndex() == -1), "placed on the lanes later, by name");
        assertEquals(1, seen.size());
    }
}
