package loomscope.report;

import java.util.List;
import java.util.Locale;

/**
 * What an animated export is written as. GIF is drawn with the JDK's own ImageIO (plays in every slide tool and
 * browser, no install); MP4 and WebM are encoded by ffmpeg when it is installed (small files, full frame rate).
 */
public enum ClipFormat {
    GIF("gif", 10),
    MP4("mp4", 30),
    WEBM("webm", 30);

    private final String extension;
    private final int defaultFps;

    ClipFormat(String extension, int defaultFps) {
        this.extension = extension;
        this.defaultFps = defaultFps;
    }

    public String extension() { return extension; }

    /**
     * GIF at 10 frames per second: its frames are whole pictures (no motion compression), so every frame costs
     * size; 10 fps still reads as motion for lanes that change every few frames. Video at 30.
     */
    public int defaultFps() { return defaultFps; }

    public boolean needsFfmpeg() { return this != GIF; }

    /** ffmpeg's output options for this format (H.264 in yuv420p plays everywhere; VP9 for WebM). */
    List<String> ffmpegOutput() {
        return switch (this) {
            case MP4 -> List.of("-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p",
                    "-movflags", "+faststart", "-f", "mp4");
            case WEBM -> List.of("-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "32", "-deadline", "realtime",
                    "-cpu-used", "8", "-pix_fmt", "yuv420p", "-f", "webm");
            case GIF -> throw new IllegalStateException("GIF is written by ImageIO");
        };
    }

    public static ClipFormat fromName(String name) {
        for (ClipFormat f : values()) {
            if (f.extension.equals(name.toLowerCase(Locale.ROOT).strip())) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown format '" + name + "': gif, mp4 or webm");
    }
}
