package loomscope.savedrun;

import java.io.IOException;
import java.nio.file.Path;

/** A saved run that cannot be read or written, in one line that names the file and what is wrong with it. */
public final class SavedRunException extends IOException {
    public SavedRunException(Path file, String what) {
        super(file + ": " + what);
    }
}
