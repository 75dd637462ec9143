package loomscope.ui.export;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.function.Supplier;

import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;

/** The window's side of an export: a snapshot of its scene, the system clipboard, its toast. */
public final class FxExportSurface implements ExportSurface {
    private final Scene scene;
    private final Toast toast;

    public FxExportSurface(Scene scene, Toast toast) {
        this.scene = scene;
        this.toast = toast;
    }

    @Override
    public Supplier<BufferedImage> snapshotWindow() {
        WritableImage window = scene.snapshot(null);
        return () -> SwingFXUtils.fromFXImage(window, null);
    }

    @Override
    public boolean copyToClipboard(BufferedImage card) {
        try {
            ClipboardContent content = new ClipboardContent();
            content.putImage(SwingFXUtils.toFXImage(card, null));
            return Clipboard.getSystemClipboard().setContent(content);
        } catch (RuntimeException noClipboardHere) {
            return false; // e.g. no system clipboard on a headless platform; the files are written all the same
        }
    }

    @Override
    public void success(String text, Path folder) {
        toast.success(text, folder);
    }

    @Override
    public void error(String text) {
        toast.error(text);
    }
}
