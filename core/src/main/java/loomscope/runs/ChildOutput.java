package loomscope.runs;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import loomscope.io.ForeignText;

/**
 * One of the child JVM's own output streams (stderr, or stdout where -Xlog:gc* and -verbose:class go), drained
 * on its own thread so the child never blocks on a full pipe, in bounded memory whatever it floods us with: the
 * last {@value #TAIL_LINES} lines, each cut at {@value #MAX_LINE_CHARS} characters, plus the first line that says
 * why a JVM stopped (an OutOfMemoryError, the reason it would not start, a crash banner), kept however much
 * output follows it. Also spots the crash report path HotSpot prints
 * ("# An error report file with more information is saved as: # /tmp/.../hs_err_pid123.log").
 */
final class ChildOutput {
    private static final int TAIL_LINES = 40;
    private static final int MAX_LINE_CHARS = 500;
    private static final Pattern HS_ERR = Pattern.compile("(\\S*hs_err_pid\\d+\\.log)");
    private static final String INIT_ERROR = "Error occurred during initialization of VM";
    /** Lines that name why the JVM refused to start or went down, e.g. "Unrecognized VM option 'Foo'". */
    private static final Pattern TELLING = Pattern.compile(
            "^(Unrecognized |Improperly specified VM option|Error: |Invalid |Could not |Exception in thread |"
                    + "#\\s+(SIG[A-Z]+|EXCEPTION_[A-Z_]+|Internal Error|There is insufficient memory)).*");

    private final ArrayDeque<String> tail = new ArrayDeque<>();
    private volatile String hsErrFile;
    private volatile String outOfMemory;
    private volatile String initFailure;
    private volatile String telling;
    private boolean afterInitError;

    synchronized void line(String raw) {
        // the task's own prints reach the CLI's terminal and the window from here: controls replaced, not sent (io.ForeignText)
        String line = ForeignText.cleanLines(raw, MAX_LINE_CHARS);
        Matcher m = HS_ERR.matcher(line);
        if (m.find() && hsErrFile == null) {
            hsErrFile = m.group(1);
        }
        noteCause(line.trim());
        if (tail.size() == TAIL_LINES) {
            tail.removeFirst();
        }
        tail.addLast(line);
    }

    private void noteCause(String line) {
        int oom = line.indexOf("OutOfMemoryError");
        if (oom >= 0 && outOfMemory == null) {
            int named = line.indexOf("java.lang.OutOfMemoryError");
            outOfMemory = line.substring(named >= 0 ? named : oom);
        }
        if (afterInitError && !line.isEmpty()) {
            afterInitError = false;
            if (initFailure == null) {
                initFailure = line;   // the line after HotSpot's banner is the reason: "Too small maximum heap"
            }
        }
        if (line.startsWith(INIT_ERROR)) {
            afterInitError = true;
        } else if (telling == null && TELLING.matcher(line).matches()) {
            telling = line.startsWith("#") ? line.substring(1).trim() : line;
        }
    }

    /** Reads {@code in} to its end on the calling thread, in lines of bounded length. */
    void drain(InputStream in) {
        byte[] buf = new byte[8192];
        byte[] current = new byte[MAX_LINE_CHARS * 4];   // UTF-8: at most 4 bytes a character
        int length = 0;
        try (in) {
            int n;
            while ((n = in.read(buf)) >= 0) {
                for (int i = 0; i < n; i++) {
                    byte b = buf[i];
                    if (b == '\n') {
                        line(text(current, length));
                        length = 0;
                    } else if (length < current.length) {
                        current[length++] = b;
                    }   // the rest of an over-long line is dropped: bounded memory whatever the child prints
                }
            }
        } catch (IOException e) {
            // the child is gone; what we have is what there is
        }
        if (length > 0) {
            line(text(current, length));
        }
    }

    private static String text(byte[] b, int length) {
        int end = length > 0 && b[length - 1] == '\r' ? length - 1 : length;
        return new String(b, 0, end, StandardCharsets.UTF_8);
    }

    synchronized List<String> tail() {
        return List.copyOf(tail);
    }

    /** The crash report the child announced, else the one our -XX:ErrorFile pattern would have produced. */
    String hsErrFile(Path errorFileDir, long pid) {
        if (hsErrFile != null) {
            return hsErrFile;
        }
        Path expected = errorFileDir.resolve("loomscope-child-hs_err_pid" + pid + ".log");
        return Files.exists(expected) ? expected.toString() : null;
    }

    /** "java.lang.OutOfMemoryError: Java heap space" if the child said it ran out of memory, else null. */
    String outOfMemory() { return outOfMemory; }

    /**
     * The one line that says why the JVM stopped or would not start, e.g. "java.lang.OutOfMemoryError: Java
     * heap space", "Too small maximum heap", "Unrecognized VM option 'Foo'"; null if it said nothing telling.
     */
    synchronized String cause() {
        if (outOfMemory != null) {
            return outOfMemory;
        }
        if (initFailure != null) {
            return initFailure;
        }
        if (afterInitError) {
            return INIT_ERROR;
        }
        return telling;
    }

    /** The cause, else the first line kept, for a JVM that would not start. */
    String firstError() {
        String cause = cause();
        if (cause != null) {
            return cause;
        }
        List<String> t = tail();
        return t.isEmpty() ? "no output" : t.get(0).trim();
    }
}
