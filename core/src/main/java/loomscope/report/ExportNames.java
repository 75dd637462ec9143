package loomscope.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

import loomscope.recording.RunRecording;

/**
 * File names that sort by time and say what they show:
 * {@code loomscope-2026-11-22-0812-synchronized-P1-card-1920x1080.png}.
 */
public record ExportNames(String stem) {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("uuuu-MM-dd-HHmmss");

    public static ExportNames of(LocalDateTime when, String lockMode, int parallelism) {
        String mode = lockMode.replaceAll("[^A-Za-z0-9-]", "_");
        return new ExportNames("loomscope-" + STAMP.format(when) + "-" + mode + "-P" + parallelism);
    }

    /** Named by what the run was: an application by its main class ({@code loomscope-…-Shop}), else by its lock and P. */
    public static ExportNames of(LocalDateTime when, HistoryEntry run) {
        if (run.application() != null) {
            return new ExportNames("loomscope-" + STAMP.format(when) + "-" + run.fileWords().replaceAll("[^A-Za-z0-9-]", "_"));
        }
        return of(when, run.summary().lock(), run.summary().parallelism());
    }

    /** As {@link #of(LocalDateTime, HistoryEntry)} for a recording: an application's by its main class. */
    public static ExportNames of(LocalDateTime when, RunRecording recording) {
        String app = recording.source().shortName();
        if (app != null) {
            return new ExportNames("loomscope-" + STAMP.format(when) + "-" + app.replaceAll("[^A-Za-z0-9-]", "_"));
        }
        return of(when, recording.config().workloadName(), recording.config().parallelism());
    }

    public String card(CardSize size) {
        return stem + "-card-" + size.label() + ".png";
    }

    /** An animated replay: {@code loomscope-…-synchronized-P1-replay-1280x720.gif}. */
    public String replay(CardSize size, ClipFormat format) {
        return stem + "-replay-" + size.label() + "." + format.extension();
    }

    public String window() {
        return stem + "-window.png";
    }

    public String historyCsv() {
        return stem + "-history.csv";
    }

    public String historyMarkdown() {
        return stem + "-history.md";
    }

    /** The runs as JSON lines, for {@code loomscope export --from}. */
    public String runsJson() {
        return stem + "-runs.json";
    }

    /** A path in {@code folder} that does not exist yet: never overwrite an earlier export. */
    public static Path unused(Path folder, String name) {
        Path candidate = folder.resolve(name);
        int dot = name.lastIndexOf('.');
        String base = dot > 0 ? name.substring(0, dot) : name;
        String ext = dot > 0 ? name.substring(dot) : "";
        for (int i = 2; Files.exists(candidate); i++) {
            candidate = folder.resolve(base + "-" + i + ext);
        }
        return candidate;
    }
}
