package loomscope.workload;

/** The chosen configuration cannot run on this JVM; the message says why and what would. */
public final class UnsupportedModeException extends RuntimeException {
    public UnsupportedModeException(String message) {
        super(message);
    }

    public UnsupportedModeException(String message, Throwable cause) {
        super(message, cause);
    }
}
