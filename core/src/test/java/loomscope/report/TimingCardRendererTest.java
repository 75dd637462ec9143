package loomscope.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.File;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import javax.imageio.ImageIO;

import loomscope.recording.RunSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TimingCardRendererTest {

    private static final LocalDate DAY = LocalDate.of(2026, 11, 22);
    private final TimingCardRenderer renderer = new TimingCardRenderer();

    private static TimingCard card(HistoryEntry headline) {
        List<HistoryEntry> history = List.of(Runs.sharedLock(), Runs.jdk21(), Runs.nativeFrame(), headline);
        return new TimingCard(null, headline, history, DAY);
    }

    @ParameterizedTest
    @EnumSource(CardSize.class)
    void rendersAtTheSlideSizeWithInkEverywhereItMatters(CardSize size) throws Exception {
        RenderedCard card = renderer.render(card(Runs.jep491()), size);

        assertEquals(size.width(), card.image().getWidth());
        assertEquals(size.height(), card.image().getHeight());
        assertTrue(distinctColours(card.image(), new Rectangle(0, 0, size.width(), size.height())) > 50,
                "a card is more than a blank slide");
        DrawnText time = card.text("time").orElseThrow();
        assertEquals("0.85 s", time.text());
        assertTrue(inkPixels(card.image(), time.pixelBounds()) > time.pixelBounds().width * time.pixelBounds().height / 10,
                "the time's glyphs are really painted where the layout says");
        for (DrawnText text : card.texts()) {
            assertTrue(new Rectangle(0, 0, size.width(), size.height()).contains(text.pixelBounds()),
                    () -> text + " runs off the card");
        }
        ImageIO.write(card.image(), "png", new File("target/timing-card-test-" + size.label() + ".png"));
    }

    @Test
    void backRowLegibleAtFullHd() {
        RenderedCard card = renderer.render(card(Runs.jep491()), CardSize.FULL_HD);
        for (DrawnText text : card.texts()) {
            assertTrue(text.pixelSize() >= 26, () -> text + " is too small for a projector");
        }
        assertTrue(card.text("time").orElseThrow().pixelBounds().height >= 120, "the total time is the biggest thing");
    }

    @Test
    void theCardSaysWhatTheRunWas() {
        RenderedCard card = renderer.render(card(Runs.nativeFrame()), CardSize.FULL_HD);
        assertEquals("13.6 s", card.text("time").orElseThrow().text());
        assertEquals("25.0.3", card.text("fact:JDK").orElseThrow().text());
        assertEquals("native-frame", card.text("fact:Lock").orElseThrow().text());
        assertEquals("2", card.text("fact:Carriers (P)").orElseThrow().text());
        assertEquals("5,000 virtual", card.text("fact:Threads (N)").orElseThrow().text());
        assertEquals("5,000", card.text("fact:Pinned mounts").orElseThrow().text());
        assertEquals("5 ms", card.text("fact:Sleep in lock").orElseThrow().text());
        assertEquals("22 November 2026", card.text("date").orElseThrow().text());
        List<String> barValues = card.texts().stream()
                .filter(t -> t.role().startsWith("bar-value")).map(DrawnText::text).toList();
        assertEquals(List.of("27.4 s", "27.2 s", "13.6 s", "13.6 s"), barValues);
        assertEquals("JDK 21 · synchronized · P1 · N 5,000",
                card.texts().stream().filter(t -> t.role().equals("bar-label")).toList().get(1).text());
    }

    /** Your code has no sleep of the seed's kind: its card said "Sleep in lock 0 ms", which nothing in it did. */
    @Test
    void aTaskFileRunsCardHasNoSeedSleepRow() {
        RunSummary seedLike = Runs.summary("25.0.3+9-LTS", "shared-synchronized", 1, 50, 310, 50);
        RunSummary yours = new RunSummary(seedLike.jdkVersion(), "task-file", 1, 50, seedLike.scheduler(),
                seedLike.threadKind(), 0, 0, 50, false, 310, 0, 0, 0, 0, 50, 50, 50, 1, 0, 0);
        HistoryEntry entry = new HistoryEntry(yours, Runs.jep491().finishedAt());
        RenderedCard card = renderer.render(card(entry), CardSize.FULL_HD);
        assertEquals("task-file", card.text("fact:Scenario").orElseThrow().text());
        assertTrue(card.text("fact:Sleep in lock").isEmpty(), "no false 0 ms");
        assertEquals("JDK 25 · task-file · P1 · N 50", entry.shortLabel());
    }

    /** Issue #14, defect 4: a stopped run's card said "total time" like a finished one's. */
    @ParameterizedTest
    @EnumSource(CardSize.class)
    void aStoppedRunSaysSoOnItsCard(CardSize size) {
        RunSummary full = Runs.summary("25.0.3+9-LTS", "shared-synchronized", 1, 5000, 4_029, 0);
        RunSummary stopped = new RunSummary(full.jdkVersion(), full.lock(), full.parallelism(), full.threads(),
                full.scheduler(), full.threadKind(), full.cpuIterations(), full.sleepMillis(), 629, true,
                full.wallMillis(), full.cpuMillisPerTask(), full.sleepMillisMeasured(), full.boundPinnedMillis(),
                full.boundUnpinnedMillis(), full.mounts(), full.pinnedMounts(), full.pinnedThreads(),
                full.carriersUsed(), full.carriersAddedByPool(), full.maxLockHolders());
        RenderedCard card = renderer.render(card(new HistoryEntry(stopped, Runs.jep491().finishedAt())), size);
        assertEquals("STOPPED after", card.text("time-caption").orElseThrow().text());
        assertEquals("stopped: 629 of 5,000 tasks completed", card.text("completion").orElseThrow().text());
    }

    @ParameterizedTest
    @EnumSource(CardSize.class)
    void aRunWhoseCarriersWereLoweredIsMarkedAndExplainedOnTheCard(CardSize size) {
        HistoryEntry lowered = new HistoryEntry(Runs.entry("25.0.3+9-LTS", "synchronized", 16, 5000, 812, 0).summary(),
                Runs.jep491().finishedAt(), List.of(), true);
        RenderedCard card = renderer.render(card(lowered), size);
        List<String> barValues = card.texts().stream()
                .filter(t -> t.role().startsWith("bar-value")).map(DrawnText::text).toList();
        assertEquals("0.81 s " + HistoryEntry.LOWERED_MARK, barValues.get(barValues.size() - 1));
        assertTrue(barValues.subList(0, barValues.size() - 1).stream().noneMatch(v -> v.contains(HistoryEntry.LOWERED_MARK)), barValues.toString());
        assertTrue(card.text("completion").orElseThrow().text().endsWith(" " + HistoryEntry.LOWERED_MARK), "the headline run is marked");
        DrawnText note = card.text("legend-lowered").orElseThrow();
        assertEquals(HistoryEntry.LOWERED_NOTE_SHORT, note.text(), "the whole note, not elided");
        assertTrue(size != CardSize.FULL_HD || note.pixelSize() >= 26, "legible at the back of the room: " + note);
        for (DrawnText text : card.texts()) {
            assertTrue(new Rectangle(0, 0, size.width(), size.height()).contains(text.pixelBounds()),
                    () -> text + " runs off the card");
        }
        assertFalse(renderer.render(card(Runs.jep491()), size).text("legend-lowered").isPresent(), "no note without a lowered run");
    }

    @Test
    void aDifferentTimeChangesThePixelsOfTheTime() {
        RenderedCard fast = renderer.render(card(Runs.jep491()), CardSize.FULL_HD);
        RenderedCard slow = renderer.render(card(Runs.entry("25.0.3", "synchronized", 1, 5000, 1_270, 0)), CardSize.FULL_HD);
        Rectangle where = fast.text("time").orElseThrow().pixelBounds().union(slow.text("time").orElseThrow().pixelBounds());
        assertTrue(differingPixels(fast.image(), slow.image(), where) > 500, "the time is drawn, not a placeholder");
    }

    @Test
    void longHistoriesKeepTheHeadlineAndAtMostEightBars() {
        List<HistoryEntry> many = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            many.add(Runs.entry("25.0.3", "synchronized", 1 + i % 4, 5000, 800 + i * 10, 0));
        }
        HistoryEntry first = many.get(0);
        TimingCard card = new TimingCard("Twelve runs", first, many, DAY);
        assertEquals(TimingCard.MAX_BARS, card.bars().size());
        assertTrue(card.bars().contains(first));
        assertEquals(4, card.hiddenRuns());
        RenderedCard rendered = renderer.render(card, CardSize.HD);
        assertTrue(rendered.text("chart-hidden").orElseThrow().text().startsWith("+4"));
    }

    @Test
    void aLongTitleShrinksToFitInsteadOfRunningOffTheSlide() {
        String title = "A very long title that a speaker typed into the box because the talk needed a lot of context here";
        RenderedCard card = renderer.render(new TimingCard(title, Runs.jep491(), List.of(), DAY), CardSize.FULL_HD);
        DrawnText drawn = card.text("title").orElseThrow();
        assertTrue(drawn.pixelBounds().getMaxX() <= 1920 - 90, "title stays inside the margin");
        assertFalse(card.text("chart-hidden").isPresent());
    }

    @Test
    void aSinglePinnedMountAmongThousandsIsColouredAsNotPinnedAndTheLegendSaysSo() {
        HistoryEntry shared = Runs.entry("25.0.3", "shared-synchronized", 1, 1000, 5_460, 1);
        assertEquals(HistoryEntry.Pinning.NOT_PINNED, shared.pinning());
        assertEquals(HistoryEntry.Pinning.PINNED, Runs.entry("25.0.3", "native-frame", 1, 1000, 5_490, 10).pinning());
        RenderedCard card = renderer.render(new TimingCard(null, shared, List.of(Runs.jdk21(), shared), DAY), CardSize.FULL_HD);
        List<String> legend = card.texts().stream().filter(t -> t.role().equals("legend")).map(DrawnText::text).toList();
        assertEquals(List.of("pinned carriers", "under 1% of threads pinned"), legend);
        assertEquals("1", card.text("fact:Pinned mounts").orElseThrow().text(), "the fact itself is not rounded away");
    }

    @Test
    void aComparisonCardShowsBothJvmsTimesBarsAndTheRatio() throws Exception {
        TimingCard card = TimingCard.comparing("JDK 21", Runs.jdk21(), "JDK 25", Runs.jep491(), DAY);
        RenderedCard rendered = renderer.render(card, CardSize.FULL_HD);

        List<String> barValues = rendered.texts().stream()
                .filter(t -> t.role().startsWith("bar-value")).map(DrawnText::text).toList();
        assertEquals(List.of("27.2 s", "0.85 s"), barValues, "both runs' times, JDK 21 first");
        List<String> barLabels = rendered.texts().stream()
                .filter(t -> t.role().startsWith("bar-label")).map(DrawnText::text).toList();
        assertEquals(List.of("JDK 21 · synchronized · P1 · N 5,000", "JDK 25 · synchronized · P1 · N 5,000"), barLabels);
        assertEquals("JDK 21 took 31.9× as long as JDK 25", rendered.text("ratio").orElseThrow().text());
        assertEquals("Same workload, two JVMs", rendered.text("chart-heading").orElseThrow().text());
        assertTrue(rendered.text("title").orElseThrow().text().startsWith("JDK 21 vs JDK 25"));
        assertEquals("0.85 s", rendered.text("time").orElseThrow().text(), "the headline is the second run");
        DrawnText slow = rendered.texts().stream().filter(t -> t.text().equals("27.2 s")).findFirst().orElseThrow();
        DrawnText fast = rendered.texts().stream().filter(t -> t.role().startsWith("bar-value") && t.text().equals("0.85 s"))
                .findFirst().orElseThrow();
        assertTrue(slow.pixelBounds().x > fast.pixelBounds().x + 500, "the 27 s bar is drawn far longer than the 0.85 s one");
        for (DrawnText text : rendered.texts()) {
            assertTrue(new Rectangle(0, 0, 1920, 1080).contains(text.pixelBounds()), () -> text + " runs off the card");
        }
        ImageIO.write(rendered.image(), "png", new File("target/timing-card-test-compare.png"));
    }

    @Test
    void aLegacyLockingRunNamesItsFlagInTheJdkRowAndItsBar() {
        HistoryEntry legacy = new HistoryEntry(Runs.entry("25.0.3+9-LTS", "synchronized", 1, 5000, 26_560, 5000).summary(),
                null, List.of("-XX:LockingMode=1"));
        RenderedCard card = renderer.render(new TimingCard(null, legacy, List.of(Runs.jep491(), legacy), DAY), CardSize.FULL_HD);
        assertEquals("25.0.3 + legacy locking", card.text("fact:JDK").orElseThrow().text());
        assertTrue(card.texts().stream().anyMatch(t -> t.text().startsWith("JDK 25 + legacy locking · synchronized")));
    }

    @Test
    void runsThatSharedTheCpuSaySoUnderTheRatio() throws Exception {
        TimingCard card = TimingCard.comparing("JDK 25 (left)", Runs.jep491(), "JDK 25 (right)", Runs.jep491(), true, DAY);
        RenderedCard rendered = renderer.render(card, CardSize.FULL_HD);
        DrawnText ratio = rendered.text("ratio").orElseThrow();
        DrawnText note = rendered.text("ratio-note").orElseThrow();
        assertEquals("(run together: they shared the CPU)", note.text());
        assertTrue(note.pixelBounds().y > ratio.pixelBounds().getMaxY() - 2, "on its own line, under the ratio");
        assertTrue(new Rectangle(0, 0, 1920, 1080).contains(note.pixelBounds()), note.toString());
        ImageIO.write(rendered.image(), "png", new File("target/timing-card-test-together.png"));
        assertTrue(renderer.render(TimingCard.comparing("JDK 21", Runs.jdk21(), "JDK 25", Runs.jep491(), DAY), CardSize.FULL_HD)
                .text("ratio-note").isEmpty(), "one after the other: nothing to add");
    }

    @Test
    void aComparisonNamesFlagsTheSummaryCannotKnowAndNeedsBothRuns() {
        HistoryEntry legacy = Runs.entry("25.0.3+9-LTS", "synchronized", 1, 5000, 27_000, 5000);
        TimingCard card = TimingCard.comparing("JDK 25 + legacy locking", legacy, "JDK 25", Runs.jep491(), DAY);
        RenderedCard rendered = renderer.render(card, CardSize.HD);
        assertTrue(rendered.texts().stream().anyMatch(t -> t.text().startsWith("JDK 25 + legacy locking · synchronized")));
        assertTrue(rendered.text("ratio").orElseThrow().text().startsWith("JDK 25 + legacy locking took 31.7×"));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> TimingCard.comparing("JDK 21", null, "JDK 25", Runs.jep491(), DAY));
    }

    static int inkPixels(BufferedImage image, Rectangle r) {
        int background = image.getRGB(0, image.getHeight() / 2) & 0xFFFFFF;
        int panel = image.getRGB(r.x, r.y) & 0xFFFFFF;
        int count = 0;
        for (int y = r.y; y < r.y + r.height; y++) {
            for (int x = r.x; x < r.x + r.width; x++) {
                int rgb = image.getRGB(x, y) & 0xFFFFFF;
                if (rgb != background && rgb != panel) {
                    count++;
                }
            }
        }
        return count;
    }

    static long distinctColours(BufferedImage image, Rectangle r) {
        java.util.Set<Integer> colours = new java.util.HashSet<>();
        for (int y = r.y; y < r.y + r.height; y += 2) {
            for (int x = r.x; x < r.x + r.width; x += 2) {
                colours.add(image.getRGB(x, y));
            }
        }
        return colours.size();
    }

    static int differingPixels(BufferedImage a, BufferedImage b, Rectangle r) {
        int count = 0;
        for (int y = r.y; y < r.y + r.height; y++) {
            for (int x = r.x; x < r.x + r.width; x++) {
                if (a.getRGB(x, y) != b.getRGB(x, y)) {
                    count++;
                }
            }
        }
        return count;
    }
}
