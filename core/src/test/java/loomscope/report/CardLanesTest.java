package loomscope.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.time.LocalDate;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import loomscope.picture.Hatch;
import loomscope.picture.Look;
import loomscope.picture.PictureColours;
import loomscope.picture.PictureTheme;
import loomscope.recording.LookRuns;
import loomscope.recording.MountClass;
import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.recording.TimeAxis;
import loomscope.scenario.SeedScenario;
import org.junit.jupiter.api.Test;

/**
 * A card's lanes over a range of its run, read back as pixels: a 5 ms pin in 60 s is a red pixel at the widest zoom,
 * the lanes cover exactly the range asked for, and every look is painted as {@link Look} says, with its legend entry.
 */
class CardLanesTest {
    private static final long MS = 1_000_000;
    private static final PictureColours DARK = PictureColours.of(PictureTheme.DARK);

    @Test
    void aFiveMillisecondPinInSixtySecondsIsARedPixelOnTheCardAtTheWidestZoom() {
        RunRecording r = LookRuns.oneMinuteOnePin();
        for (CardSize size : CardSize.values()) {
            RenderedCard card = render(r, null, size);
            Rectangle lane = card.lanes().get(0);
            int[] row = row(card.image(), lane, lane.y + lane.height / 2);
            int reds = 0;
            for (int x = 0; x < row.length; x++) {
                if (row[x] == DARK.of(Look.PINNED.state()).value()) {
                    reds++;
                    assertEquals(LookRuns.PIN_AT_MS * MS, (long) x * 60_000 * MS / lane.width, 60_000.0 * MS / lane.width + MS,
                            size + ": the red pixel is where the pin is");
                }
            }
            assertTrue(reds >= 1 && reds <= 2, size + ": the pin is one red pixel (two if it straddles), was " + reds);
        }
    }

    @Test
    void theLanesCoverExactlyTheRange() {
        // 12.5..13 s: pins just before and after it must not show, the mounts at its two edges must
        RunRecording r = RecordingBuilder.of(SeedScenario.config().withThreads(4).withParallelism(1), "25")
                .carrier(0, "c0", 0, false)
                .mount(0, 0, 12_480 * MS, 12_480 * MS, 12_499 * MS, MountClass.PINNED)
                .mount(0, 1, 12_500 * MS, 12_500 * MS, 12_502 * MS, MountClass.CAPTURED)
                .mount(0, 2, 12_998 * MS, 12_998 * MS, 13_000 * MS, MountClass.STALLED)
                .mount(0, 3, 13_001 * MS, 13_001 * MS, 13_020 * MS, MountClass.PINNED)
                .finish(0, 20_000 * MS, 4, false);
        TimeAxis range = RunRange.of(r, "12.5s..13s");
        assertEquals(new TimeAxis(r.runStart() + 12_500 * MS, 500 * MS, false), range);
        for (CardSize size : CardSize.values()) {
            RenderedCard card = render(r, range, size);
            Rectangle lane = card.lanes().get(0);
            int[] row = row(card.image(), lane, lane.y + lane.height / 2);
            assertEquals(DARK.of(Look.CAPTURED.state()).value(), row[0], size + ": the range's first pixel is its first mount");
            assertEquals(DARK.of(Look.STALLED.state()).value(), row[row.length - 1], size + ": its last pixel its last mount");
            for (int x = 0; x < row.length; x++) {
                assertTrue(row[x] != DARK.of(Look.PINNED.state()).value(), size + ": no pin outside the range shows, x " + x);
            }
            assertTrue(card.texts().stream().anyMatch(t -> t.text().equals("Carriers 12.5–13 s of 20 s")),
                    "the heading says the range: " + card.texts().stream().filter(t -> t.role().equals("lanes-title")).toList());
        }
    }

    @Test
    void everyLookIsPaintedAsItSaysWithItsLegendEntry() {
        MountClass[] verdicts = LookRuns.VERDICTS;
        RunRecording r = LookRuns.everyVerdict(100);
        RenderedCard card = render(r, null, CardSize.FULL_HD);
        Rectangle lane = card.lanes().get(0);
        Set<Look> seen = EnumSet.noneOf(Look.class);
        for (int i = 0; i < verdicts.length; i++) {
            int x = lane.x + (int) ((2 * i + 0.5) * lane.width / (2 * verdicts.length));
            Look expected = Look.of(i + 1);   // running, stalled, captured, held, unsure, pinned: Look's order
            Set<Integer> colours = new java.util.HashSet<>();
            for (int y = lane.y; y < lane.y + lane.height; y++) {
                colours.add(card.image().getRGB(x, y) & 0xFFFFFF);
                colours.add(card.image().getRGB(x + 1, y) & 0xFFFFFF);
            }
            Set<Integer> painted = expected.hatched() ? Set.of(DARK.of(expected.state()).value(), DARK.unsureStripe().value())
                    : Set.of(DARK.of(expected.state()).value());
            assertTrue(colours.containsAll(painted), expected + ": its paint " + painted + " in " + colours);
            boolean full = (card.image().getRGB(x, lane.y) & 0xFFFFFF) != DARK.lane().value();
            assertEquals(expected.fullHeight(), full, expected + ": full height or a running tick");
            seen.add(expected);
        }
        assertEquals(EnumSet.range(Look.RUNNING, Look.PINNED), seen);
        List<String> legend = card.texts().stream().filter(t -> t.role().equals("legend")).map(DrawnText::text).toList();
        for (Look look : seen) {
            assertTrue(legend.contains(look.legend()), look + " in the legend: " + legend);
        }
        assertTrue(Hatch.stripeAt(0, 0, Hatch.PERIOD, Hatch.STRIPE), "the hatch starts dark at the origin");
    }

    @Test
    void aRangeOutsideTheRunReversedOrUnreadableIsRefusedInOneLine() {
        RunRecording r = RecordingBuilder.of(SeedScenario.config().withThreads(1).withParallelism(1), "25")
                .carrier(0, "c0", 0, false).mount(0, 0, 0, 0, 1_000 * MS, false).finish(0, 1_000 * MS, 1, false);
        for (String bad : List.of("0.5s..2s", "-1s..0.5s", "0.8s..0.2s", "0.2s..0.2s", "abc", "1..2", "0.1s-0.2s", "0.1s..0.2s..0.3s",
                "1e3s..2s", "9".repeat(80) + "s..1s")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RunRange.of(r, bad), bad);
            assertTrue(!e.getMessage().contains("\n") && e.getMessage().length() < 200, e.getMessage());
        }
        assertEquals(new TimeAxis(r.runStart() + 250 * MS, 250 * MS, false), RunRange.of(r, "250ms..500ms"));
        assertEquals(new TimeAxis(r.runStart() + 40_000, 50_000, false), RunRange.of(r, "40us..90µs"));
        assertEquals(new TimeAxis(r.runStart(), 500 * MS, false), RunRange.of(r, "0..0.5s"), "an end without a unit takes the other's");
    }

    private static RenderedCard render(RunRecording r, TimeAxis range, CardSize size) {
        HistoryEntry run = HistoryEntry.finishedNow(RunSummary.of(r));
        TimingCard card = new TimingCard("lanes", run, List.of(run), LocalDate.of(2026, 11, 28))
                .withLanes(new TimingCard.Lanes(r, range));
        return new TimingCardRenderer(PictureTheme.DARK).render(card, size);
    }

    /** The pixels of the lane's row {@code y}, as 0xRRGGBB. */
    private static int[] row(BufferedImage image, Rectangle lane, int y) {
        int[] out = new int[lane.width];
        for (int x = 0; x < lane.width; x++) {
            out[x] = image.getRGB(lane.x + x, y) & 0xFFFFFF;
        }
        return out;
    }
}
