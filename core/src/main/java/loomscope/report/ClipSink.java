package loomscope.report;

import java.awt.image.BufferedImage;
import java.io.IOException;

/** Where the frames of a clip go, in order; closed once, after the last frame or on cancel. */
interface ClipSink extends AutoCloseable {
    void frame(BufferedImage frame) throws IOException;

    /** Finishes the file (after the last frame); not called on cancel. */
    void finish() throws IOException;

    @Override
    void close() throws IOException;
}
