package loomscope.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;

/**
 * A stand-in for ffmpeg that never reads its input: a shell script that starts a child of its own (as ffmpeg
 * wrappers do), writes the child's PID to {@code child.pid} and waits for it.
 */
public final class StuckEncoder {
    private StuckEncoder() { }

    public static Path in(Path dir) throws IOException {
        Path script = dir.resolve("stuck-encoder.sh");
        Files.writeString(script, "#!/bin/sh\nsleep 300 &\necho $! > '" + dir.resolve("child.pid") + "'\nwait\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return script;
    }

    /** The encoder's child, once it has started (waits up to 30 s), or null. */
    public static ProcessHandle child(Path dir) throws Exception {
        Path pidFile = dir.resolve("child.pid");
        for (int i = 0; i < 300 && (!Files.exists(pidFile) || Files.readString(pidFile).isBlank()); i++) {
            Thread.sleep(100);
        }
        if (!Files.exists(pidFile)) {
            return null;
        }
        return ProcessHandle.of(Long.parseLong(Files.readString(pidFile).strip())).orElse(null);
    }

    public static boolean endsWithin(ProcessHandle process, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (process != null && process.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        return process == null || !process.isAlive();
    }
}
