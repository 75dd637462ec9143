package loomscope.attach;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

import loomscope.io.ForeignText;
import loomscope.secretfile.OwnerOnly;

/**
 * A file holding a listening agent's token ({@code attach --connect --token-file}), read as ssh reads a private key:
 * looked at before it is opened ({@code stat} never blocks, while opening a named pipe waits in the kernel for a
 * writer: the CLI hung there before anything else), and taken only when it is a regular file (links followed), of at
 * most {@link #MAX_BYTES}, and open to its owner alone ({@link OwnerOnly}, the rule the agent's {@code tokenfile=} is
 * read by too; the rest of the agent's reading is its own copy: the agent depends on nothing of ours at run time).
 */
public final class TokenFile {
    /** The longest token file read: a token is one short line. */
    public static final int MAX_BYTES = 1_024;

    private TokenFile() { }

    /**
     * The token the file holds (spaces around it dropped; checked as a token by the caller).
     *
     * @throws IllegalArgumentException in one line: missing, not a regular file, too large, open to others, unreadable
     */
    public static String read(Path file) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("no such file: " + shown(file));
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("cannot be read: " + ForeignText.clean(String.valueOf(e.getMessage()), 200));
        }
        if (!attributes.isRegularFile()) {
            throw new IllegalArgumentException(shown(file) + " is not a regular file ("
                    + (attributes.isDirectory() ? "a folder" : "a named pipe, a device or a socket")
                    + "); refused without opening it");
        }
        if (attributes.size() > MAX_BYTES) {
            throw new IllegalArgumentException(shown(file) + " holds more than a token (" + attributes.size()
                    + " bytes; " + MAX_BYTES + " at most)");
        }
        String open = OwnerOnly.openToOthers(file);
        if (open != null) {
            throw new IllegalArgumentException(shown(file) + " is " + open + ": a secret must be its owner's alone "
                    + "(chmod 600 " + shown(file) + "); refused, as ssh refuses such a key");
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("cannot be read: " + ForeignText.clean(String.valueOf(e.getMessage()), 200));
        }
        if (bytes.length > MAX_BYTES) {
            throw new IllegalArgumentException(shown(file) + " holds more than a token (" + MAX_BYTES + " bytes at most)");
        }
        return new String(bytes, StandardCharsets.US_ASCII).strip();
    }

    private static String shown(Path file) {
        return ForeignText.clean(file.toString(), 200);
    }
}
