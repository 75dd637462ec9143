package loomscope.ui.export;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * What an export needs of the window, each called on the FX thread: the picture of the window, the clipboard and
 * the toast. The window's is {@link FxExportSurface}; a test's is its own, so {@link ExportViewModel} runs without
 * a toolkit.
 */
public interface ExportSurface {

    /**
     * The window as it is now. Only the taking must happen on the FX thread; the conversion to pixels the supplier
     * does runs later, on a job thread.
     */
    Supplier<BufferedImage> snapshotWindow();

    /** Puts {@code card} on the clipboard; false where there is none (a headless platform). */
    boolean copyToClipboard(BufferedImage card);

    /** Says where an export went ({@code folder}: for "Open folder"). */
    void success(String text, Path folder);

    /** Says why an export failed; it stays until dismissed. */
    void error(String text);
}
