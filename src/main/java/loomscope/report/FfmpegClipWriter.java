package loomscope.report;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * MP4 or WebM through ffmpeg, when it is installed: raw frames go to its standard input, its messages are
 * drained into a bounded buffer (the last lines explain a failure), and a clip that is cancelled kills it. No
 * Java encoder of H.264 or VP9 is maintained today (docs/animated-export.md); ffmpeg is everywhere.
 */
final class FfmpegClipWriter implements ClipSink {
    private static final int MESSAGE_LIMIT = 16 * 1024;

    private final Process process;
    private final OutputStream frames;
    private final Thread drain;
    private final ByteArrayOutputStream messages = new ByteArrayOutputStream();
    private final byte[] row;
    private boolean finished;

    FfmpegClipWriter(Path ffmpeg, Path file, ClipFormat format, int width, int height, int fps) throws IOException {
        List<String> command = new ArrayList<>(List.of(ffmpeg.toString(), "-hide_banner", "-loglevel", "error", "-y",
                "-f", "rawvideo", "-pix_fmt", "bgr24", "-s", width + "x" + height, "-r", Integer.toString(fps), "-i", "-"));
        command.addAll(format.ffmpegOutput());
        command.add(file.toString());
        this.process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        this.frames = process.getOutputStream();
        this.row = new byte[width * height * 3];
        this.drain = Thread.ofPlatform().daemon().name("loomscope-ffmpeg-messages").start(this::drainMessages);
    }

    /** ffmpeg on the PATH, or null. */
    static Path findFfmpeg() {
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
        try {
            frames.write(row);
        } catch (IOException e) {
            throw new IOException("ffmpeg stopped taking frames: " + lastMessage(), e);
        }
    }

    @Override
    public void finish() throws IOException {
        frames.close();
        try {
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                throw new IOException("ffmpeg did not finish within 2 minutes");
            }
            drain.join(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while ffmpeg finished");
        }
        if (process.exitValue() != 0) {
            throw new IOException("ffmpeg failed (exit " + process.exitValue() + "): " + lastMessage());
        }
        finished = true;
    }

    private String lastMessage() {
        String text;
        synchronized (messages) {
            text = messages.toString(java.nio.charset.StandardCharsets.UTF_8).strip();
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
            process.destroyForcibly();
            try {
                process.waitFor(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            frames.close();
        } catch (IOException e) {
            // already gone
        }
    }
}
