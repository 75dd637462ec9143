package loomscope.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Rectangle;
import java.time.LocalDate;
import java.util.List;

import org.junit.jupiter.api.Test;

/** A run's unsure mounts are counted beside its pinned ones on the card, and nothing is said where it has none. */
class UnsureCountTest {
    private final TimingCardRenderer renderer = new TimingCardRenderer();

    @Test
    void theCardCountsUnsureMountsBesideThePinnedOnes() {
        HistoryEntry run = Runs.nativeFrame().withUnsureMounts(3);
        RenderedCard card = renderer.render(new TimingCard(null, run, List.of(run), LocalDate.of(2026, 11, 22)), CardSize.FULL_HD);
        assertEquals("5,000 (3 unsure)", card.text("fact:Pinned mounts").orElseThrow().text());
    }

    @Test
    void aRunWithoutUnsureMountsSaysNothingOfThem() {
        HistoryEntry run = Runs.nativeFrame();
        assertEquals(0, run.unsureMounts());
        RenderedCard card = renderer.render(new TimingCard(null, run, List.of(run), LocalDate.of(2026, 11, 22)), CardSize.FULL_HD);
        assertEquals("5,000", card.text("fact:Pinned mounts").orElseThrow().text());
        assertEquals("", HistoryEntry.unsureSuffix(0));
    }

    @Test
    void aHugeCountStaysOnTheCard() {
        HistoryEntry run = Runs.entry("25.0.3+9-LTS", "class-init", 4, 1_000_000, 90_000, 1_234_567).withUnsureMounts(987_654);
        RenderedCard card = renderer.render(new TimingCard(null, run, List.of(run), LocalDate.of(2026, 11, 22)), CardSize.FULL_HD);
        DrawnText pins = card.text("fact:Pinned mounts").orElseThrow();
        assertTrue(pins.text().startsWith("1,234,567 ("), pins.text());
        assertTrue(pins.pixelBounds().getMaxX() < TimingCardRenderer.CHART_X, "inside the facts' column: " + pins);
        assertTrue(new Rectangle(0, 0, 1920, 1080).contains(pins.pixelBounds()));
    }

    @Test
    void unsureMountsSurviveTheRunsFileAndFillTheirTableColumn(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        HistoryEntry unsure = Runs.nativeFrame().withUnsureMounts(3);
        String lines = RunsJson.toJsonLines(List.of(unsure, Runs.nativeFrame()));
        assertTrue(lines.lines().toList().get(0).contains("\"unsureMounts\":3"), lines);
        assertTrue(!lines.lines().toList().get(1).contains("unsureMounts"), "none, none written: " + lines);
        List<HistoryEntry> back = RunsJson.read(java.nio.file.Files.writeString(dir.resolve("runs.json"), lines));
        assertEquals(3, back.get(0).unsureMounts());
        assertEquals(0, back.get(1).unsureMounts());
        String csv = HistoryTables.csv(back);
        assertTrue(csv.lines().toList().get(0).endsWith(",unsure_mounts"), csv);
        assertTrue(csv.lines().toList().get(1).endsWith(",3"), csv);
        assertTrue(HistoryTables.markdown(back).contains("| unsure mounts |"));
        for (String bad : List.of("-1", Long.toString(unsure.summary().mounts() + 1))) {
            String line = lines.lines().toList().get(0).replace("\"unsureMounts\":3", "\"unsureMounts\":" + bad);
            java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                    () -> RunsJson.read(java.nio.file.Files.writeString(dir.resolve("bad.json"), line)));
            assertTrue(e.getMessage().contains("unsureMounts " + bad + " is not a count of its"), e.getMessage());
        }
    }
}
