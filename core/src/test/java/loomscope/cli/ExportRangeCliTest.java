package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.imageio.ImageIO;

import loomscope.picture.Look;
import loomscope.picture.PictureColours;
import loomscope.picture.PictureTheme;
import loomscope.recording.LookRuns;
import loomscope.recording.RunRecording;
import loomscope.savedrun.RunInfo;
import loomscope.savedrun.SavedRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code export --from FILE --range FROM..TO}: the card draws the saved run's lanes over the range (a 5 ms pin of a 60 s
 * run is red on the card at the widest zoom, and gone from a range without it); {@code --animate} replays only the
 * range; a range outside the run, reversed or unreadable is one line, exit 2, nothing written.
 */
class ExportRangeCliTest {
    private static final int RED = PictureColours.of(PictureTheme.DARK).of(Look.PINNED.state()).value();

    @TempDir
    Path dir;
    private Path saved;

    /** 60 s of back-to-back 5 ms mounts on one carrier, the one from 31.2 s pinned. */
    @BeforeEach
    void save() throws Exception {
        RunRecording r = LookRuns.oneMinuteOnePin();
        saved = dir.resolve("sixty.loomrun");
        new SavedRun(r, new RunInfo(RunInfo.LOOMSCOPE_VERSION, Instant.parse("2026-11-28T12:00:00Z"),
                RunInfo.SEED_SCENARIO, List.of(), 2, "Linux 6", "amd64", false), List.of()).write(saved, false);
    }

    @Test
    void theCardsLanesShowThePinAtTheWidestZoomAndNotInARangeWithoutIt() throws Exception {
        long whole = redRightOfTheHeadline(card("0s..60s", "whole"));
        long without = redRightOfTheHeadline(card("0s..30s", "without"));
        long zoomed = redRightOfTheHeadline(card("31.1s..31.3s", "zoomed"));
        assertTrue(whole > without, "the pin is red on the whole run's lanes: " + whole + " red pixels, " + without
                + " without it (the legend's swatch)");
        // 5 ms of 0.2 s is 2.5 % of the lane, ~23 pixels of the card's 924: the pin's red (the legend's set aside) grows
        assertTrue(zoomed - without > 15 * (whole - without), "zoomed to 0.2 s, the 5 ms pin is wide: " + zoomed
                + " red pixels against " + whole);
    }

    @Test
    void theAnimationReplaysOnlyTheRange() throws Exception {
        Path out = dir.resolve("clip");
        CliScratch.Result r = CliScratch.inProcess("export", "--from", saved.toString(), "--range", "31s..31.5s",
                "--animate", "gif", "--speed", "1", "--fps", "10", "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("(15 frames"), "0.5 s at 10 fps, then a second held: " + r.out());
    }

    @Test
    void aRangeOutsideTheRunReversedOrUnreadableIsOneLineAndNothingIsWritten() throws Exception {
        CliScratch scratch = CliScratch.in(dir);
        Path out = dir.resolve("never");
        for (String bad : List.of("59s..61s", "13s..12.5s", "twelve..13s", "12.5s-13s", "")) {
            for (boolean animate : new boolean[] {false, true}) {
                Map<String, String> before = scratch.fingerprint();
                List<String> args = Stream.concat(Stream.of("export", "--from", saved.toString(), "--range", bad, "--out",
                        out.toString()), animate ? Stream.of("--animate", "gif") : Stream.empty()).toList();
                scratch.assertRefused(CliScratch.inProcess(args.toArray(String[]::new)), before, "--range",
                        "--range '" + bad + "'" + (animate ? " --animate" : ""));
            }
        }
        Map<String, String> before = scratch.fingerprint();
        scratch.assertRefused(CliScratch.inProcess("export", "--range", "1s..2s", "--out", out.toString()), before, "--range",
                "--range without --from");
    }

    private Path card(String range, String name) throws Exception {
        Path out = dir.resolve(name);
        CliScratch.Result r = CliScratch.inProcess("export", "--from", saved.toString(), "--range", range, "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        try (Stream<Path> files = Files.list(out)) {
            return files.filter(p -> p.getFileName().toString().endsWith("-card-1920x1080.png")).findFirst().orElseThrow();
        }
    }

    /** Red pixels right of the card's headline column (its lanes and their legend). */
    private static long redRightOfTheHeadline(Path png) throws Exception {
        BufferedImage image = ImageIO.read(png.toFile());
        long reds = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 900; x < image.getWidth(); x++) {
                reds += (image.getRGB(x, y) & 0xFFFFFF) == RED ? 1 : 0;
            }
        }
        return reds;
    }
}
