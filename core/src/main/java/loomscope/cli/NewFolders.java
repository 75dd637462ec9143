package loomscope.cli;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The folders an export made for its output, one level at a time so that it knows which: a failed or cancelled
 * export removes those of them that are still empty, and never a folder that was there before it began.
 */
final class NewFolders {
    private final List<Path> made;

    private NewFolders(List<Path> made) {
        this.made = made;
    }

    /** Makes {@code folder} and any missing folder above it. */
    static NewFolders create(Path folder) throws IOException {
        Path absolute = folder.toAbsolutePath().normalize();
        List<Path> missing = new ArrayList<>();
        for (Path p = absolute; p != null && !Files.isDirectory(p); p = p.getParent()) {
            missing.add(0, p);
        }
        List<Path> made = new ArrayList<>();
        for (Path p : missing) {
            try {
                Files.createDirectory(p);
                made.add(p);
            } catch (FileAlreadyExistsException e) {
                if (!Files.isDirectory(p)) {
                    throw e;
                }
                // made by someone else meanwhile: theirs, never removed
            }
        }
        return new NewFolders(made);
    }

    /** Removes the folders made here that are still empty, deepest first; the rest is left as it is. */
    void removeIfEmpty() {
        for (int i = made.size() - 1; i >= 0; i--) {
            try {
                Files.delete(made.get(i));
            } catch (DirectoryNotEmptyException e) {
                return;   // it holds a file (a clip written before the failure): it and the folders above stay
            } catch (IOException e) {
                return;
            }
        }
    }
}
