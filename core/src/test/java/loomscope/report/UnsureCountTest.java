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
}
