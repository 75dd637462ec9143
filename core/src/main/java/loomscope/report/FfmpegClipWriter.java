package loomscope.report;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * MP4 or WebM through ffmpeg, when it is installed: raw frames go to its standard input, its messages are
 * drained into a bounded buffer (the last lines explain a failure), and a clip that is cancelled kills it. No
 * Java encoder of H.264 or VP9 is maintained today (docs/animated-export.md); ffmpeg is everywhere.
 * <p>
 * A frame is written by a thread of its own while the exporting thread waits with a deadline: an encoder that
 * stops reading its input (stuck, or not ffmpeg at all) blocked {@code write} forever, silently. Now it is killed,
 * with its descendants, after {@link #STALL_LIMIT_SECONDS} without taking a frame, or at once on cancel.
 */
final class FfmpegClipWriter implements ClipSink {
    private static final int MESSAGE_LIMIT = 16 * 1024;
    /** Encoding one 1920x1080 frame takes ffmpeg ~17 ms here; a minute without taking one is no longer work. */
    static final long STALL_LIMIT_SECONDS = 60;
    /** An encoder to use instead of ffmpeg on the PATH: for a particular build, or a test's stand-in. */
    static final String ENCODER_VARIABLE = "LOOMSCOPE_FFMPEG";

    private final EncoderProcess encoder;
    private final Path file;
    private final String encoderName;
    private final Process process;
    private final OutputStream frames;
    private final Thread drain;
    private final ExecutorService writer = Executors.newSingleThreadExecutor(
            Thread.ofPlatform().daemon().name("loomscope-ffmpeg-frames").factory());
    private final ByteArrayOutputStream messages = new ByteArrayOutputStream();
    private final byte[] row;
    private final long stallNanos;
    private final BooleanSupplier cancelled;
    private boolean finished;

    FfmpegClipWriter(Path ffmpeg, Path file, ClipFormat format, int width, int height, int fps) throws IOException {
        this(ffmpeg, file, format, width, height, fps, STALL_LIMIT_SECONDS * 1_000_000_000L, () -> false);
    }

    /**
     * @param stallNanos how long one frame may wait for the encoder to take it
     * @param cancelled  read while a frame waits, so that a cancel does not wait for a stuck encoder
     */
    FfmpegClipWriter(Path ffmpeg, Path file, ClipFormat format, int width, int height, int fps, long stallNanos,
                     BooleanSupplier cancelled) throws IOException {
        List<String> command = new ArrayList<>(List.of(ffmpeg.toString(), "-hide_banner", "-loglevel", "error", "-y",
                "-f", "rawvideo", "-pix_fmt", "bgr24", "-s", width + "x" + height, "-r", Integer.toString(fps), "-i", "-"));
        command.addAll(format.ffmpegOutput());
        command.add(file.toString());
        this.process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        this.encoder = new EncoderProcess(process);
        this.file = file;
        this.encoderName = String.valueOf(ffmpeg.getFileName());
        this.frames = process.getOutputStream();
        this.row = new byte[width * height * 3];
        this.stallNanos = stallNanos;
        this.cancelled = cancelled;
        this.drain = Thread.ofPlatform().daemon().name("loomscope-ffmpeg-messages").start(this::drainMessages);
    }

    /** The encoder {@value #ENCODER_VARIABLE} names, else ffmpeg on the PATH; null if neither is there. */
    static Path findFfmpeg() {
        String chosen = System.getenv(ENCODER_VARIABLE);
        if (chosen != null && !chosen.isBlank()) {
            try {
                Path encoder = Path.of(chosen);
                return Files.isRegularFile(encoder) && Files.isExecutable(encoder) ? encoder : null;
            } catch (InvalidPathException e) {
                return null;
            }
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            for (String name : new String[] {"ffmpeg", "ffmpeg.exe"}) {
                Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        return null;
    }

    private void drainMessages() {
        try (InputStream in = process.getErrorStream()) {
            byte[] buffer = new byte[4096];
            int n;
            while ((n = in.read(buffer)) > 0) {
                synchronized (messages) {
                    if (messages.size() < MESSAGE_LIMIT) {
                        messages.write(buffer, 0, Math.min(n, MESSAGE_LIMIT - messages.size()));
                    }
                }
            }
        } catch (IOException e) {
            // the process is gone; what it said so far is kept
        }
    }

    @Override
    public void frame(BufferedImage frame) throws IOException {
        int[] pixels = ((DataBufferInt) frame.getRaster().getDataBuffer()).getData();
        int j = 0;
        for (int p : pixels) {
            row[j++] = (byte) p;
            row[j++] = (byte) (p >> 8);
            row[j++] = (byte) (p >> 16);
        }
        Future<?> written = writer.submit(() -> {
            frames.write(row);
            return null;
        });
        long deadline = System.nanoTime() + stallNanos;
        while (true) {
            try {
                written.get(100, TimeUnit.MILLISECONDS);
                return;
            } catch (ExecutionException e) {
                throw new IOException("ffmpeg stopped taking frames: " + lastMessage(), e.getCause());
            } catch (TimeoutException e) {
                if (cancelled.getAsBoolean()) {
                    encoder.kill();
                    throw new AnimatedExport.Cancelled();
                }
                if (System.nanoTime() - deadline >= 0) {
                    encoder.kill();
                    throw new IOException(String.format(Locale.ROOT,
                            "ffmpeg took no frame for %d s (it stopped reading its input) and was stopped",
                            TimeUnit.NANOSECONDS.toSeconds(stallNanos)));
                }
            } catch (InterruptedException e) {
                encoder.kill();
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while ffmpeg took a frame");
            }
        }
    }

    @Override
    public void finish() throws IOException {
        frames.close();
        try {
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                throw new IOException("ffmpeg did not finish within 2 minutes and was stopped");
            }
            drain.join(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while ffmpeg finished");
        }
        if (process.exitValue() != 0) {
            throw new IOException("ffmpeg failed (exit " + process.exitValue() + "): " + lastMessage());
        }
        // an encoder that is not ffmpeg, or one given an output it ignores, can end well having written nothing
        if (!Files.isRegularFile(file) || Files.size(file) == 0) {
            throw new IOException("the encoder " + encoderName + " ended without writing the clip");
        }
        finished = true;
    }

    private String lastMessage() {
        String text;
        synchronized (messages) {
            text = messages.toString(StandardCharsets.UTF_8).strip();
        }
        if (text.isEmpty()) {
            return "it said nothing";
        }
        String[] lines = text.split("\\R");
        return lines[lines.length - 1];
    }

    @Override
    public void close() throws IOException {
        if (!finished) {
            encoder.kill();
        }
        encoder.forget();
        writer.shutdownNow();
        try {
            frames.close();
        } catch (IOException e) {
            // already gone
        }
    }
}
