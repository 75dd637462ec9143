package loomscope.report;

import java.io.IOException;

/** An export that could not be written; the message is one line a person can act on. */
public final class ExportException extends IOException {
    public ExportException(String message, Throwable cause) {
        super(message, cause);
    }

    public ExportException(String message) {
        super(message);
    }
}
