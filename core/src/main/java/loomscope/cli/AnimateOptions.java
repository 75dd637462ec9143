package loomscope.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import loomscope.recording.RunRecording;
import loomscope.recording.TimeAxis;
import loomscope.report.AnimatedExport;
import loomscope.report.CardSize;
import loomscope.report.ClipFormat;
import loomscope.report.ExportNames;
import picocli.CommandLine.Option;

/**
 * {@code export --animate}: an animated replay of the run (a saved one with {@code --from FILE.loomrun}, else the
 * run the command makes) as GIF, MP4 or WebM, at 1280x720 and/or 1920x1080. Progress on stderr, a line per tenth.
 */
final class AnimateOptions {

    @Option(names = "--animate", paramLabel = "gif|mp4|webm", arity = "0..1", fallbackValue = "gif",
            converter = FormatConverter.class,
            description = "Write an animated replay of the run instead of cards: gif (no install needed), mp4 or webm (need ffmpeg).")
    ClipFormat format;

    @Option(names = "--speed", paramLabel = "SLOWER",
            description = "Replay slowdown: seconds of clip per second of run. Default: 20 (a 1 s run is a 20 s clip), "
                    + "less for long runs so that a clip stays within a minute.")
    Double slowdown;

    @Option(names = "--fps", paramLabel = "N", description = "Frames per second, 1..60. Default: 10 for gif, 30 for video.")
    Integer fps;

    // one value (not a list, which picocli lets a repeated option append to: "--size both --size both" wrote
    // two clips, then failed on the third)
    @Option(names = "--size", paramLabel = "1280x720|1920x1080|both", converter = SizesConverter.class,
            description = "Default: 1280x720 for gif (size per frame adds up), 1920x1080 for video.")
    Sizes sizes;

    /** What {@code --size} names: one size or both. */
    record Sizes(List<CardSize> list) { }

    boolean requested() {
        return format != null;
    }

    /** Without {@code --animate}, its options would be ignored silently: refused instead. */
    void checkUnused() {
        String only = "is for --animate only (cards are always written at both sizes)";
        if (slowdown != null) {
            throw new BadOption("--speed", only);
        }
        if (fps != null) {
            throw new BadOption("--fps", only);
        }
        if (sizes != null) {
            throw new BadOption("--size", only);
        }
    }

    List<CardSize> sizes() {
        if (sizes != null) {
            return sizes.list();
        }
        return List.of(format == ClipFormat.GIF ? CardSize.HD : CardSize.FULL_HD);
    }

    /** Checks what can be checked before anything runs or is read. */
    void checkAlone() {
        if (slowdown != null && !(slowdown >= AnimatedExport.Request.MIN_SLOWDOWN && slowdown <= AnimatedExport.Request.MAX_SLOWDOWN)) {
            throw new BadOption("--speed", String.format(Locale.ROOT, "must be %s..%,.0f, was %s",
                    AnimatedExport.Request.MIN_SLOWDOWN, AnimatedExport.Request.MAX_SLOWDOWN, slowdown));
        }
        if (fps != null && (fps < 1 || fps > AnimatedExport.Request.MAX_FPS)) {
            throw new BadOption("--fps", "must be 1.." + AnimatedExport.Request.MAX_FPS + ", was " + fps);
        }
        String missing = AnimatedExport.missingTool(format);
        if (missing != null) {
            throw new BadOption("--animate", missing);
        }
    }

    private AnimatedExport.Request request(CardSize size, String title, TimeAxis range) {
        return new AnimatedExport.Request(format, size, slowdown, fps, title).ofRange(range);
    }

    /** Writes the clips of {@code recording} (of {@code range} of it; null: all of it) into {@code folder}; returns the files. */
    List<Path> write(RunRecording recording, TimeAxis range, Path folder, String title, PrintWriter console, PrintWriter err)
            throws IOException {
        for (CardSize size : sizes()) {
            String problem = request(size, title, range).problem(recording);
            if (problem != null) {
                throw new BadOption("--animate", problem);
            }
        }
        NewFolders made = NewFolders.create(folder);
        ExportNames names = ExportNames.of(LocalDateTime.now(), recording);
        List<Path> written = new ArrayList<>();
        // Ctrl+C: the clip stops at its next frame and its temporary file is removed before the JVM exits
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch cleanedUp = new CountDownLatch(1);
        Thread onCtrlC = new Thread(() -> {
            stop.set(true);
            try {
                cleanedUp.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "loomscope-cancel");
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        try {
            writeEach(recording, range, folder, title, console, err, names, written, stop);
        } catch (IOException | RuntimeException e) {
            made.removeIfEmpty();   // a failed or cancelled clip leaves no empty --out folder of ours behind
            throw e;
        } finally {
            cleanedUp.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onCtrlC);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl+C: the hook is running and has just been told the clip is cleaned up
            }
        }
        return written;
    }

    private void writeEach(RunRecording recording, TimeAxis range, Path folder, String title, PrintWriter console,
                           PrintWriter err, ExportNames names, List<Path> written, AtomicBoolean stop) throws IOException {
        for (CardSize size : sizes()) {
            Path target = folder.resolve(names.replay(size, format));
            int[] lastTenth = {-1};
            AnimatedExport.Result result = AnimatedExport.write(recording, request(size, title, range), target, (done, total) -> {
                int tenth = done * 10 / total;
                if (tenth != lastTenth[0]) {
                    lastTenth[0] = tenth;
                    err.printf(Locale.ROOT, "Animating %s: %d%% (%,d of %,d frames)%n", size.label(), tenth * 10, done, total);
                    err.flush();
                }
            }, stop::get);
            console.printf(Locale.ROOT, "%s (%,d frames, %.1f s, %,d bytes)%n", LoomScopeCli.controlsShown(result.file().toString()), result.frames(),
                    result.clipSeconds(), result.bytes());
            console.flush();
            written.add(result.file());
        }
    }

    static final class FormatConverter implements picocli.CommandLine.ITypeConverter<ClipFormat> {
        @Override
        public ClipFormat convert(String value) {
            try {
                return ClipFormat.fromName(value);
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    static final class SizesConverter implements picocli.CommandLine.ITypeConverter<Sizes> {
        @Override
        public Sizes convert(String value) {
            return switch (value.strip()) {
                case "1280x720" -> new Sizes(List.of(CardSize.HD));
                case "1920x1080" -> new Sizes(List.of(CardSize.FULL_HD));
                case "both" -> new Sizes(List.of(CardSize.HD, CardSize.FULL_HD));
                default -> throw new picocli.CommandLine.TypeConversionException(
                        "unknown size '" + value + "': 1280x720, 1920x1080 or both");
            };
        }
    }
}
