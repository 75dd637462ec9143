package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.List;

import javax.imageio.ImageIO;

import loomscope.clock.BlockedTime;
import loomscope.report.ApplicationRun;
import loomscope.report.CardSize;
import loomscope.report.DrawnText;
import loomscope.report.HistoryEntry;
import loomscope.report.RenderedCard;
import loomscope.report.TimingCard;
import loomscope.report.TimingCardRenderer;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.scenario.SeedScenario;
import org.junit.jupiter.api.Test;

/**
 * An attached application's card tells the application (issue #36): its main class, how long it was recorded, its
 * mounts by cause and its sites; never "tasks completed" (it read "all 0 tasks completed" in red).
 */
class ApplicationCardTest {
    private static final long MS = 1_000_000;

    /**
     * Two carriers; a pinned park the agent's hook saw, and a blocked mount a file read explains (the other carrier ran
     * nothing while it read: the read can only have been its thread's).
     */
    private static AttachedEpisodes.Classified session() {
        AttachedEpisodes e = new AttachedEpisodes();
        e.identity(4242, "com.example.Shop");
        e.carrier(0, 0, "ForkJoinPool-1-worker-1");
        e.carrier(1, 0, "ForkJoinPool-1-worker-2");
        for (int vt = 0; vt < 4; vt++) {
            e.virtualThread(vt, 100 + vt, "request-" + vt);
        }
        e.episode(0, 0, 41 * MS, 49 * MS, 6 * MS, true);
        e.episode(1, 1, 10 * MS, 40 * MS, 25 * MS, false);
        e.episode(0, 2, 50 * MS, 51 * MS, 0, false);
        e.episode(1, 3, 50 * MS, 52 * MS, 0, false);
        e.witness("FileRead", 12 * MS, 20 * MS, "/var/shop/cart.db", List.of("java.io.FileInputStream.readBytes(Native Method)",
                "com.example.Shop.load(Shop.java:42)"));
        e.heartbeat(60 * MS);
        return e.classified("com.example.Shop", Integer.MAX_VALUE, true);
    }

    @Test
    void anAttachedSessionIsAnApplicationAndItsCardSaysSo() throws Exception {
        AttachedEpisodes.Classified classified = session();
        RunRecording r = classified.recording();
        ApplicationRun app = ApplicationRun.of(r);
        assertNotNull(app, "an attached session is an application's");
        assertEquals("com.example.Shop", app.mainClass());
        assertEquals(1, app.pinned(), "the hook's pinned park");
        assertEquals(1, app.captured(), "the file read");
        assertEquals("com.example.Shop.load:42", app.sites().stream().filter(s -> s.kind().equals("captured"))
                .findFirst().orElseThrow().frame());

        HistoryEntry entry = HistoryEntry.finishedNow(RunSummary.of(r)).withApplication(app);
        RenderedCard card = new TimingCardRenderer().render(new TimingCard(null, entry, List.of(entry), LocalDate.now()),
                CardSize.FULL_HD);
        List<String> texts = card.texts().stream().map(DrawnText::text).toList();
        assertTrue(texts.contains("com.example.Shop: where its carriers were held"), texts.toString());
        assertTrue(texts.contains("recorded for"), texts.toString());
        assertTrue(texts.contains("attached to com.example.Shop"), texts.toString());
        assertTrue(texts.stream().anyMatch(t -> t.startsWith("captured 1")), texts.toString());
        assertTrue(texts.contains("com.example.Shop.load:42"), texts.toString());
        assertFalse(texts.stream().anyMatch(t -> t.contains("tasks completed")), "an application has no tasks: " + texts);
        // to look at, in the module's target folder as the timing cards' (a temporary file was left in /tmp by every run)
        java.io.File png = new java.io.File("target/application-card-test.png");
        ImageIO.write(card.image(), "png", png);
        System.out.println("the card: " + png);
    }

    @Test
    void aRunOfOursIsNoApplication() {
        loomscope.recording.RecordingBuilder b = loomscope.recording.RecordingBuilder.of(
                SeedScenario.config().withThreads(1).withParallelism(1), "25.0.1").carrier(0, "c0", 0, false);
        b.mount(0, 0, 0, 0, 10 * MS, false);
        assertNull(ApplicationRun.of(b.finish(0, 10 * MS, 1, false)));
        assertTrue(BlockedTime.MIN_BLOCKED_NANOS > 0);
    }
}
