package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import loomscope.cli.LoomScopeCli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an attach leaves in a target after its detach, read from the target's own list of threads: none of the
 * agent's threads; no "VirtualThread-unblocker" in a JVM that had no virtual threads (the agent initialised
 * {@code VirtualThread}, whose static initialiser starts it); and with {@code --no-jfr} nothing of JFR's either (its
 * threads and its repository stay once JFR has started: docs/attach.md says so before anyone attaches).
 */
class AttachLeavesBehindTest {
    @TempDir
    Path dir;

    @Test
    void aDetachWithoutJfrLeavesNoThreadOfOursNorOfJfrs() throws Exception {
        Path classes = TargetJvm.compile(Files.createDirectories(dir.resolve("classes")), "QuietTarget.java");
        Process target = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                loomscope.testing.QuickJvm.C1_ONLY, "-cp", classes + File.pathSeparator + TargetJvm.classPathWithoutAgent(), QuietTarget.class.getName())
                .redirectError(dir.resolve("target.err").toFile()).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(target.getInputStream(), StandardCharsets.UTF_8));
            PrintWriter in = new PrintWriter(target.getOutputStream(), true, StandardCharsets.UTF_8);
            assertEquals("READY", out.readLine());
            List<String> before = threads(in, out);

            StringWriter cliOut = new StringWriter();
            StringWriter cliErr = new StringWriter();
            int exit = LoomScopeCli.execute(new String[] {"attach", Long.toString(target.pid()), "--seconds", "6", "--no-jfr"},
                    new PrintWriter(cliOut, true), new PrintWriter(cliErr, true));
            assertEquals(0, exit, cliOut + " / " + cliErr);
            assertTrue(cliOut.toString().contains("Not verified by the JDK: JFR's pinned events were not tapped inside the "
                    + "target (the attach asked for no JFR (jfr=off))."), cliOut.toString());

            // the agent's two threads end just after LoomScope has the end line: the stream's once it is written, the
            // one that took the stop once the detach returns; what stays is what is still there seconds later
            List<String> after = threads(in, out);
            for (long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                 after.stream().anyMatch(name -> name.startsWith("loomscope-agent")) && System.nanoTime() < deadline; ) {
                Thread.sleep(50);
                after = threads(in, out);
            }
            List<String> added = after.stream().filter(name -> !before.contains(name)).toList();
            // the JDK's attach listener is any attach's; nothing else may be new
            assertEquals(List.of(), added.stream().filter(name -> !name.equals("Attach Listener")).toList(),
                    "threads new after the detach: " + added);
            assertFalse(jfrRepositoryOf(target.pid()), "no JFR repository of the target's in the temp folder");
        } finally {
            target.getOutputStream().close();
            if (!target.waitFor(30, TimeUnit.SECONDS)) {
                target.destroyForcibly();
            }
        }
    }

    private static List<String> threads(PrintWriter in, BufferedReader out) throws Exception {
        in.println("threads");
        return List.of(out.readLine().split("\\|"));
    }

    /** JFR's repository is a folder named for the time and the pid, {@code 2026_11_27_11_42_59_13815}, in the temp dir. */
    private static boolean jfrRepositoryOf(long pid) throws Exception {
        try (Stream<Path> temp = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return temp.anyMatch(p -> p.getFileName().toString().matches("\\d{4}(_\\d{2}){5}_" + pid));
        }
    }
}
