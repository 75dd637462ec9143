package loomscope.savedrun;

import java.io.IOException;

/** What is wrong inside a file, before it is told which file: {@link SavedRunException} adds the name. */
class SavedRunFormatException extends IOException {
    SavedRunFormatException(String message) {
        super(message);
    }

    /** The file ended before the format said it would. */
    static final class Truncated extends SavedRunFormatException {
        Truncated(long at) {
            super("it is cut short: it ends at byte " + at + " in the middle of the run");
        }
    }
}
