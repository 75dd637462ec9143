package loomscope.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.PreInterruptCallback;
import org.junit.jupiter.api.extension.PreInterruptContext;

/**
 * When a test outlives the suite's default timeout (pom.xml, surefire's configurationParameters), says what the JVMs
 * it started are doing. JUnit's own thread dump (also switched on there) shows only this JVM: a test that waits on a child JVM,
 * a target it attached to or a task file's run shows there as a thread in {@code Process.waitFor} or a socket read,
 * and the reason is in the child. So this prints each descendant process and, for each Java one, its threads as
 * {@code jcmd Thread.print} sees them.
 * <p>A HotSpot thread dump can crash a JDK 25 JVM whose virtual threads churn (JDK-8359870, ../shared/JDK-FACTS.md);
 * it is taken here only from a JVM that already outlived the timeout, where a crash costs nothing more than the hang.
 * Each dump is bounded in time, so a stopped JVM cannot make the report itself hang.
 */
public final class HangReport implements PreInterruptCallback {
    private static final long DUMP_SECONDS = 20;
    private static final int DUMP_CHARS = 200_000;

    @Override
    public void beforeThreadInterrupt(PreInterruptContext context, ExtensionContext extension) {
        List<ProcessHandle> descendants = ProcessHandle.current().descendants().toList();
        System.err.printf("%n==== %s outlived its timeout; %d processes started by this JVM ====%n",
                extension.getDisplayName() + " in " + extension.getRequiredTestClass().getName(), descendants.size());
        for (ProcessHandle process : descendants) {
            String command = process.info().commandLine().orElse("(command not readable)");
            System.err.println("== pid " + process.pid() + ": " + shorten(command, 400));
            if (process.info().command().map(c -> c.endsWith("/java")).orElse(false)) {
                System.err.println(threadsOf(process.pid()));
            }
        }
        System.err.println("==== end of the processes' report ====");
        System.err.flush();
    }

    /** {@code jcmd PID Thread.print} with this JVM's own JDK: the attach protocol is the same on 21 and 25. */
    private static String threadsOf(long pid) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        if (!Files.isExecutable(jcmd)) {
            return "(no jcmd beside this JVM: " + jcmd + ")";
        }
        try {
            Path output = Files.createTempFile("loomscope-hang-report-", ".txt");
            try {
                Process dump = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.print")
                        .redirectErrorStream(true).redirectOutput(output.toFile()).start();
                if (!dump.waitFor(DUMP_SECONDS, TimeUnit.SECONDS)) {
                    dump.destroyForcibly();
                    return "(jcmd did not answer within " + DUMP_SECONDS + " s: the JVM may be stopped)";
                }
                try (InputStream in = Files.newInputStream(output)) {
                    return shorten(new String(in.readNBytes(DUMP_CHARS), StandardCharsets.UTF_8), DUMP_CHARS);
                }
            } finally {
                Files.deleteIfExists(output);
            }
        } catch (IOException e) {
            return "(jcmd failed: " + e + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(interrupted while taking the dump)";
        }
    }

    private static String shorten(String text, int chars) {
        return text.length() <= chars ? text : text.substring(0, chars) + " …";
    }
}
