package loomscope.ui.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;

import javax.tools.ToolProvider;

/**
 * The attach tests' target JVMs, as sources compiled into a test's folder. {@code VtTarget}: virtual threads that sleep
 * in a loop; it answers "pong" to each line on its stdin and exits at its end.
 */
public final class TargetSources {
    private TargetSources() { }

    /** VtTarget (release 21), and Idle (release 17: a JVM that only waits, for a JDK 17 to run), into {@code dir}. */
    public static void compile(Path dir) throws Exception {
        Path idle = dir.resolve("Idle.java");
        Files.writeString(idle, """
                public class Idle {
                    public static void main(String[] a) throws Exception {
                        System.out.println("READY");
                        while (System.in.read() >= 0) { }
                    }
                }
                """);
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "17", "-d", dir.toString(),
                idle.toString()));
        Path source = dir.resolve("VtTarget.java");
        Files.writeString(source, """
                import java.io.*;
                public class VtTarget {
                    public static void main(String[] a) throws Exception {
                        Thread.ofPlatform().daemon().start(() -> {
                            while (true) {
                                for (int i = 0; i < 4; i++) {
                                    Thread.ofVirtual().name("sleeper-" + i).start(() -> {
                                        try { Thread.sleep(3); Thread.sleep(3); } catch (InterruptedException e) { }
                                    });
                                }
                                try { Thread.sleep(20); } catch (InterruptedException e) { return; }
                            }
                        });
                        System.out.println("READY");
                        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
                        for (String line; (line = in.readLine()) != null; ) {
                            Thread answer = Thread.ofVirtual().start(() -> System.out.println("pong"));
                            answer.join();
                        }
                    }
                }
                """);
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "21", "-d", dir.toString(),
                source.toString()));
    }
}
