package loomscope.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The CPU each test class costs, for finding where the suite's time goes (docs/reliability.md): with
 * {@code -Dloomscope.cpuPerClass=FILE} in the test JVMs, a line per top-level class is appended to FILE: seconds of
 * CPU of the test JVM itself, of the processes it started and waited for (the child JVMs, the windows, the attached
 * targets), wall seconds, and the class. On a 2-core machine the suite is bound by the sum of the first two, not by the
 * wall time a class takes beside the others. With {@code -Dloomscope.cpuPerTest=FILE} the same, a line per test method
 * (its class's name, '#', its display name); exact where a test JVM runs one test at a time, as app's do. Linux only
 * (/proc/self/stat); without the properties it does nothing. Registered for every test class by JUnit's extension
 * autodetection (META-INF/services).
 */
public final class CpuPerClass implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {
    private static final String PROPERTY = "loomscope.cpuPerClass";
    private static final String PER_TEST_PROPERTY = "loomscope.cpuPerTest";
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(CpuPerClass.class);
    /** /proc's clock ticks a second (USER_HZ), 100 on every Linux that LoomScope runs on. */
    private static final double TICKS_PER_SECOND = 100;

    @Override
    public void beforeAll(ExtensionContext context) {
        if (System.getProperty(PROPERTY) != null) {
            context.getStore(NAMESPACE).put("start", ticks());
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        String file = System.getProperty(PROPERTY);
        long[] start = context.getStore(NAMESPACE).get("start", long[].class);
        if (file == null || start == null || context.getRequiredTestClass().getEnclosingClass() != null) {
            return;
        }
        append(file, start, context.getRequiredTestClass().getName());
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        if (System.getProperty(PER_TEST_PROPERTY) != null) {
            context.getStore(NAMESPACE).put("startOfTest", ticks());
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        String file = System.getProperty(PER_TEST_PROPERTY);
        long[] start = context.getStore(NAMESPACE).get("startOfTest", long[].class);
        if (file != null && start != null) {
            append(file, start, context.getRequiredTestClass().getName() + "#" + context.getDisplayName());
        }
    }

    private static void append(String file, long[] start, String name) {
        long[] end = ticks();
        String line = String.format(Locale.ROOT, "%.2f %.2f %.1f %s%n", (end[0] - start[0]) / TICKS_PER_SECOND,
                (end[1] - start[1]) / TICKS_PER_SECOND, (end[2] - start[2]) / 1e9, name);
        try {
            Files.writeString(Path.of(file), line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            System.err.println("CpuPerClass: " + file + ": " + e.getMessage());
        }
    }

    /** This process's CPU ticks, its waited-for children's, and nanoTime; the ticks 0 where /proc cannot be read. */
    private static long[] ticks() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            // the fields after the command's closing parenthesis: utime, stime, cutime and cstime are the 12th to 15th
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return new long[] {Long.parseLong(f[11]) + Long.parseLong(f[12]), Long.parseLong(f[13]) + Long.parseLong(f[14]),
                    System.nanoTime()};
        } catch (IOException | RuntimeException e) {
            return new long[] {0, 0, System.nanoTime()};
        }
    }
}
