package loomscope.agent;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * {@code save=FILE}: the very lines the agent would send LoomScope, gzip-compressed, written to a name of our own
 * beside FILE ({@code FILE.part-PID}) and, once the end line is in, given FILE's name by a hard link (a rename would
 * silently replace a file that appeared meanwhile) and the temporary name removed. A JVM killed before its shutdown
 * hooks run leaves only the {@code .part-PID} file, which LoomScope refuses as cut short. gzip at its fastest level,
 * on a thread of its own ({@link CompressingWriter}): the text shrinks from ~33 to ~10.5 bytes an episode
 * (docs/attach.md has the figures), and {@code zcat FILE} shows it.
 */
final class SaveFile implements StreamEnd {
    /** As LoomScope's attach session keeps (its {@code EpisodeColumns.MAX_KEPT}): later episodes are counted, not written. */
    static final long KEEP_AT_MOST = 10_000_000;

    /** The longest file name the file systems LoomScope runs on take. */
    static final int MAX_NAME_BYTES = 255;

    private final Path target;
    private final Path part;
    private final FileOutputStream file;
    private final CompressingWriter gzip;

    private SaveFile(Path target, Path part, FileOutputStream file) throws IOException {
        this.target = target;
        this.part = part;
        this.file = file;
        this.gzip = new CompressingWriter(file);
    }

    /** Why {@code name} cannot be saved into, or null; checked before anything is hooked or created. */
    static String problem(String name) {
        Path target;
        try {
            target = Path.of(name).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            return "save= is not a file name: " + AgentWire.name(name);
        }
        // the name it is written under first is longer: it must fit a file name too (255 bytes on Linux's file systems)
        String partName = target.getFileName() + ".part-" + ProcessHandle.current().pid();
        if (partName.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
            return "the file name in save= is too long (with the agent's .part-PID it must fit " + MAX_NAME_BYTES + " bytes)";
        }
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            return target + " already exists (the agent never replaces a file)";
        }
        Path folder = target.getParent();
        if (folder == null || !Files.isDirectory(folder)) {
            return "the folder of " + target + " does not exist";
        }
        if (!Files.isWritable(folder)) {
            return "the folder of " + target + " cannot be written";
        }
        return null;
    }

    /** Creates the temporary file (a name only this JVM makes); FILE itself appears at the end. */
    static SaveFile create(String name) throws IOException {
        Path target = Path.of(name).toAbsolutePath().normalize();
        Path part = target.resolveSibling(target.getFileName() + ".part-" + ProcessHandle.current().pid());
        Files.newOutputStream(part, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
        return new SaveFile(target, part, new FileOutputStream(part.toFile()));
    }

    Path target() { return target; }

    @Override public OutputStream out() { return gzip; }

    @Override public InputStream commands() { return null; }

    @Override public boolean takesCommands() { return false; }

    @Override public void completed(long episodes, long notKept, long dropped) throws IOException {
        gzip.finish();
        file.getChannel().force(false);
        file.close();
        long bytes = Files.size(part);
        try {
            Files.createLink(target, part);
        } catch (FileAlreadyExistsException e) {
            System.err.println("loomscope-agent: not saved as " + target + ": a file of that name appeared meanwhile; "
                    + "the recording is in " + part);
            return;
        } catch (UnsupportedOperationException | IOException e) {
            // a file system without hard links: a move that refuses an existing file (not atomic against a race)
            Files.move(part, target);
        }
        try {
            Files.deleteIfExists(part);   // FILE is complete whatever happens here: only our temporary name remains
        } catch (IOException e) {
            System.err.println("loomscope-agent: " + part + " could not be removed: " + AgentWire.oneLine(String.valueOf(e)));
        }
        System.err.println(String.format(Locale.ROOT, "loomscope-agent: saved %s (%,d episodes%s%s, %,d bytes, %.1f bytes an episode)",
                target, episodes, notKept > 0 ? String.format(Locale.ROOT, "; %,d more not kept past the bound of %,d episodes",
                        notKept, KEEP_AT_MOST) : "",
                dropped > 0 ? String.format(Locale.ROOT, "; %,d dropped (a carrier's buffer was full)", dropped) : "",
                bytes, episodes == 0 ? 0.0 : (double) bytes / episodes));
    }

    /** A full disk or a removed folder: nothing is left behind, and the application's stderr hears it once. */
    @Override public void failed(IOException e) {
        close();
        try {
            Files.deleteIfExists(part);
        } catch (IOException ignored) {
            // said below: the name is in the line
        }
        System.err.println("loomscope-agent: could not save " + target + ": " + AgentWire.oneLine(String.valueOf(e))
                + "; nothing saved");
    }

    /** Nothing was recorded: the temporary file goes, and the application's stderr hears why, once. */
    void discard(String why) {
        close();
        try {
            Files.deleteIfExists(part);
        } catch (IOException ignored) {
            // the line below still says what happened
        }
        System.err.println("loomscope-agent: not started: " + AgentWire.oneLine(why));
    }

    /** The file underneath closed: a writer still busy fails, and the {@code .part} file stays, cut short. */
    @Override public void close() {
        try {
            file.close();
        } catch (IOException e) {
            // on the way out
        }
    }
}
