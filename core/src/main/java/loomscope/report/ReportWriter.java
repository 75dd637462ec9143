package loomscope.report;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

import javax.imageio.ImageIO;

import loomscope.io.AtomicOutput;
import loomscope.picture.PictureTheme;

/**
 * Writes exports: timing cards at every size, the history as CSV and Markdown, any extra picture
 * (the window snapshot). Each file is written beside its final name and moved into place, so a full
 * disk or a yanked USB stick leaves no half-written PNG behind. Blocking I/O: never on the FX thread.
 */
public final class ReportWriter {

    /** What one export wrote; {@code card} is the full-size card, for a clipboard. */
    public record Export(Path folder, List<Path> files, RenderedCard card) {
        public Export {
            files = List.copyOf(files);
        }
    }

    private final TimingCardRenderer renderer;

    /** Cards in the dark theme: the CLI's. */
    public ReportWriter() {
        this(PictureTheme.DARK);
    }

    /** Cards in the window's {@code theme}. */
    public ReportWriter(PictureTheme theme) {
        this.renderer = new TimingCardRenderer(theme);
    }

    /** Cards at both sizes plus the history tables, named after the headline run. */
    public Export exportAll(Path folder, TimingCard card, LocalDateTime when) throws ExportException {
        Path target = ExportFolder.prepare(folder);
        ExportNames names = ExportNames.of(when, card.headline());
        List<Path> written = new ArrayList<>();
        RenderedCard full = null;
        for (CardSize size : CardSize.values()) {
            RenderedCard rendered = renderer.render(card, size);
            if (size == CardSize.FULL_HD) {
                full = rendered;
            }
            written.add(writePng(target, names.card(size), rendered.image()));
        }
        written.add(writeText(target, names.historyCsv(), HistoryTables.csv(card.history())));
        written.add(writeText(target, names.historyMarkdown(), HistoryTables.markdown(card.history())));
        return new Export(target, written, full);
    }

    /** Only the history tables (the "export history" action). */
    public Export exportHistory(Path folder, List<HistoryEntry> history, LocalDateTime when) throws ExportException {
        if (history.isEmpty()) {
            throw new ExportException("no runs in the history yet: nothing to export");
        }
        Path target = ExportFolder.prepare(folder);
        HistoryEntry last = history.get(history.size() - 1);
        ExportNames names = ExportNames.of(when, last);
        List<Path> written = List.of(
                writeText(target, names.historyCsv(), HistoryTables.csv(history)),
                writeText(target, names.historyMarkdown(), HistoryTables.markdown(history)));
        return new Export(target, written, null);
    }

    public static Path writePng(Path folder, String name, BufferedImage image) throws ExportException {
        return writeAtomically(folder, name, out -> {
            if (!ImageIO.write(image, "png", out)) {
                throw new IOException("this Java has no PNG writer");
            }
        });
    }

    public static Path writeText(Path folder, String name, String text) throws ExportException {
        return writeAtomically(folder, name, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    private interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private static Path writeAtomically(Path folder, String name, Content content) throws ExportException {
        Path target = ExportNames.unused(folder, name);
        try {
            // a name no file has: never replaced, also if one appears meanwhile (AtomicOutput links, not renames)
            return AtomicOutput.write(target, false, path -> {
                try (OutputStream out = Files.newOutputStream(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                    content.writeTo(out);
                }
            });
        } catch (IOException e) {
            throw new ExportException("cannot write " + target + ": " + ExportFolder.reason(e, folder), e);
        }
    }
}
