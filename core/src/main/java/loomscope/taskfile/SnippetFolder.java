package loomscope.taskfile;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import loomscope.io.AtomicOutput;

/**
 * A folder of {@code .java} snippets (task files) and the files in it. Nothing here throws for a user's bad folder
 * or file: each answer carries one line that names it and says what is wrong. Files are written whole under a
 * temporary name and then renamed ({@link AtomicOutput}).
 */
public final class SnippetFolder {
    /** More than this many snippets in one folder are not listed: a list, not a file browser. */
    public static final int MAX_LISTED = 500;

    private static final Pattern COMMENTS = Pattern.compile("(?s)/\\*.*?\\*/|//[^\\n]*");
    private static final Pattern PUBLIC_CLASS = Pattern.compile(
            "\\bpublic\\s+(?:(?:final|abstract|sealed|non-sealed|strictfp)\\s+)*class\\s+([\\p{L}_$][\\p{L}\\p{N}_$]*)");

    private SnippetFolder() { }

    /** The snippets found (by name), and a line on what was not listed or could not be read; empty when all is well. */
    public record Listing(List<Path> files, String message) {
        public Listing {
            files = List.copyOf(files);
        }
    }

    /** A snippet's text, or null and why not. */
    public record Read(String text, String message) { }

    public static Listing list(Path folder) {
        if (!Files.exists(folder)) {
            return new Listing(List.of(), "The snippet folder " + folder + " does not exist.");
        }
        if (!Files.isDirectory(folder)) {
            return new Listing(List.of(), "The snippet folder " + folder + " is a file, not a folder.");
        }
        List<Path> found = new ArrayList<>();
        int more = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder, "*.java")) {
            for (Path p : entries) {
                if (!Files.isRegularFile(p)) {
                    continue;
                }
                if (found.size() < MAX_LISTED) {
                    found.add(p);
                } else {
                    more++;
                }
            }
        } catch (AccessDeniedException e) {
            return new Listing(List.of(), "Cannot read the snippet folder " + folder + ": permission denied.");
        } catch (IOException | SecurityException e) {
            return new Listing(List.of(), "Cannot read the snippet folder " + folder + ": " + e.getMessage());
        }
        found.sort(Comparator.comparing(p -> p.getFileName().toString().toLowerCase(Locale.ROOT)));
        String message = found.isEmpty() ? "No .java files in " + folder + " yet: Save as… puts one there."
                : more > 0 ? String.format(Locale.ROOT, "%,d more .java files in %s are not listed (%,d at most).",
                more, folder, MAX_LISTED) : "";
        return new Listing(found, message);
    }

    /** The snippet's text; refused before reading when it is not a {@code .java} file or too large. */
    public static Read read(Path file) {
        String name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        if (!name.endsWith(".java")) {
            return new Read(null, file + " is not a .java file.");
        }
        try {
            if (!Files.isRegularFile(file)) {
                return new Read(null, file + (Files.isDirectory(file) ? " is a folder." : " does not exist."));
            }
            long size = Files.size(file);
            if (size > TaskFileCompiler.MAX_SOURCE_BYTES) {
                return new Read(null, String.format(Locale.ROOT, "%s is %,d bytes; a snippet may have at most %,d.",
                        file, size, TaskFileCompiler.MAX_SOURCE_BYTES));
            }
            byte[] bytes = Files.readAllBytes(file);
            if (bytes.length > TaskFileCompiler.MAX_SOURCE_BYTES) {   // it grew while we looked
                return new Read(null, file + " is larger than a snippet may be.");
            }
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
            return new Read(text, "");
        } catch (CharacterCodingException e) {
            return new Read(null, file + " is not UTF-8 text.");
        } catch (AccessDeniedException e) {
            return new Read(null, "Cannot read " + file + ": permission denied.");
        } catch (NoSuchFileException e) {
            return new Read(null, file + " does not exist.");
        } catch (IOException | SecurityException e) {
            return new Read(null, "Cannot read " + file + ": " + e.getMessage());
        }
    }

    /**
     * Writes {@code text} to {@code file} whole, or nothing; {@code replace} allows replacing an existing file (a save
     * dialog asked). Null when it worked, else one line saying why not.
     */
    public static String save(Path file, String text, boolean replace) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString();
        if (!name.endsWith(".java") || name.length() <= ".java".length()) {
            return "Not saved: " + file + " must be a .java file.";
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > TaskFileCompiler.MAX_SOURCE_BYTES) {
            return String.format(Locale.ROOT, "Not saved: %,d bytes; a snippet may have at most %,d.",
                    bytes.length, TaskFileCompiler.MAX_SOURCE_BYTES);
        }
        try {
            AtomicOutput.write(file, replace, tmp -> Files.write(tmp, bytes));
            return null;
        } catch (AccessDeniedException e) {
            return "Not saved: " + file + ": permission denied.";
        } catch (IOException | SecurityException e) {
            return "Not saved: " + e.getMessage();
        }
    }

    /** The name of the first top-level public class in {@code source}, or null (comments are passed over). */
    public static String className(String source) {
        if (source == null) {
            return null;
        }
        Matcher m = PUBLIC_CLASS.matcher(COMMENTS.matcher(source).replaceAll(" "));
        return m.find() ? m.group(1) : null;
    }

    /** {@code folder/ClassName.java}, or {@code folder/Task.java} when the source names no public class. */
    public static Path suggestedFile(Path folder, String source) {
        String name = className(source);
        return folder.resolve((name == null ? "Task" : name) + ".java");
    }
}
