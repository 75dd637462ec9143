package loomscope.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.LocalDate;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Issue #14, defect 2: a 100,000-character title hung the export for minutes (the card cut it one character at
 * a time, measuring the whole rest each time). The timeout below only catches a hang, 100x what it takes.
 */
class LongTextTest {

    @Test
    void aCardWithAHundredThousandCharacterTitleRendersWithoutHanging() {
        String title = "Sleep inside synchronized ".repeat(4_000).substring(0, 100_000);
        RenderedCard card = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> new TimingCardRenderer()
                .render(new TimingCard(title, Runs.jep491(), List.of(Runs.jep491()), LocalDate.of(2026, 11, 22)),
                        CardSize.FULL_HD));
        DrawnText drawn = card.text("title").orElseThrow();
        assertTrue(drawn.text().endsWith("…"), drawn.text());
        assertTrue(drawn.text().length() < 200, "cut to what a slide holds: " + drawn.text().length());
    }

    @Test
    void aTitleIsBoundedBeforeAnythingMeasuresIt() {
        TimingCard card = new TimingCard("x".repeat(100_000), Runs.jep491(), List.of(), LocalDate.of(2026, 11, 22));
        assertEquals(TimingCard.MAX_TITLE_CHARS, card.title().length());
        assertTrue(card.title().endsWith("…"));
    }
}
