package loomscope.remote;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the child JVM said besides the stream: its stderr and any non-protocol stdout lines. Keeps the last
 * lines for error messages and spots the crash report path HotSpot prints
 * ("# An error report file with more information is saved as: # /tmp/.../hs_err_pid123.log").
 */
final class ChildOutput {
    private static final int TAIL_LINES = 40;
    private static final Pattern HS_ERR = Pattern.compile("(\\S*hs_err_pid\\d+\\.log)");

    private final ArrayDeque<String> tail = new ArrayDeque<>();
    private volatile String hsErrFile;

    void line(String line) {
        Matcher m = HS_ERR.matcher(line);
        if (m.find() && hsErrFile == null) {
            hsErrFile = m.group(1);
        }
        synchronized (tail) {
            if (tail.size() == TAIL_LINES) {
                tail.removeFirst();
            }
            tail.addLast(line);
        }
    }

    /** Reads {@code in} to its end on the calling thread. */
    void drain(InputStream in) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                line(line);
            }
        } catch (IOException e) {
            // the child is gone; what we have is what there is
        }
    }

    List<String> tail() {
        synchronized (tail) {
            return List.copyOf(tail);
        }
    }

    /** The crash report the child announced, else the one our -XX:ErrorFile pattern would have produced. */
    String hsErrFile(Path errorFileDir, long pid) {
        if (hsErrFile != null) {
            return hsErrFile;
        }
        Path expected = errorFileDir.resolve("loomscope-child-hs_err_pid" + pid + ".log");
        return Files.exists(expected) ? expected.toString() : null;
    }

    /** The most telling line for a JVM that would not start, e.g. "Unrecognized VM option 'Foo'". */
    String firstError() {
        for (String line : tail()) {
            String l = line.trim();
            if (l.startsWith("Error") || l.startsWith("Unrecognized") || l.contains("Exception") || l.startsWith("Improperly")) {
                return l;
            }
        }
        List<String> t = tail();
        return t.isEmpty() ? "no output" : t.get(0).trim();
    }
}
