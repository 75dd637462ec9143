package loomscope.attach;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

import loomscope.savedrun.SavedRunException;

/**
 * How quickly a hostile 1 GB saved agent file is refused (issue #47; docs/attach.md, "Security"): the agent's gzip
 * stream with a hello, then pinned events whose 24 frames of ~300 characters are each distinct, and no end line. It is
 * written to a temporary folder (1 GB of text, ~25 MB of gzip), read through {@link RunFiles#read} as the window's
 * Open and {@code export --from} do, {@code rounds} times, and removed. Not a JUnit test (timing claims live in
 * benchmarks): {@code java -cp <core test class path> loomscope.attach.HostileAgentFileBench [rounds]}.
 */
public final class HostileAgentFileBench {
    private HostileAgentFileBench() { }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        Path dir = Files.createTempDirectory("loomscope-hostile");
        Path file = dir.resolve("hostile.loomrun.gz");
        try {
            long[] made = write(file, 1L << 30);
            System.out.printf(Locale.ROOT, "hostile agent file: %,d pinned events, %,d bytes of text, %,d bytes of gzip%n",
                    made[0], made[1], Files.size(file));
            for (int round = 1; round <= rounds; round++) {
                long cpu0 = cpuNanos();
                long t0 = System.nanoTime();
                String said;
                try {
                    RunFiles.read(file);
                    said = "read (not refused)";
                } catch (SavedRunException e) {
                    said = e.getMessage();
                }
                System.out.printf(Locale.ROOT, "round %d: %.2f s, %.2f s of this JVM's CPU: %s%n", round,
                        (System.nanoTime() - t0) / 1e9, (cpuNanos() - cpu0) / 1e9, said);
            }
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** Writes the file; returns how many events and bytes of text. */
    static long[] write(Path file, long textBytes) throws IOException {
        long written = 0;
        int event = 0;
        try (OutputStream out = new GZIPOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16), 1 << 16) {
            {
                def.setLevel(Deflater.BEST_SPEED);
            }
        }) {
            byte[] hello = "LOOMSCOPE-AGENT 1 25.0.3\nO 0\nI 1 Hostile\n".getBytes(StandardCharsets.UTF_8);
            out.write(hello);
            written += hello.length;
            while (written < textBytes) {
                StringBuilder frames = new StringBuilder();
                for (int k = 0; k < 24; k++) {
                    frames.append(k == 0 ? "" : ",").append("p").append(event).append(".C").append(k)
                            .append(".m(Unknown+Source:").append(k).append(')').append("x".repeat(280));
                }
                byte[] line = ("P " + (1000 + event) + " " + (1000 + event) + " 2000000 c r o " + frames + "\n")
                        .getBytes(StandardCharsets.UTF_8);
                out.write(line);
                written += line.length;
                event++;
            }
        }
        return new long[] {event, written};
    }
}
