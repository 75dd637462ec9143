package loomscope.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** A folder no export can write to, also when tests run as root (which ignores permission bits). */
public final class Unwritable {
    private Unwritable() { }

    public static Path folder(Path scratch) throws Exception {
        Path proc = Path.of("/proc/self/loomscope-cannot-exist");
        if (Files.isDirectory(Path.of("/proc/self"))) {
            return proc; // procfs refuses to create anything, for root too
        }
        Files.setPosixFilePermissions(scratch, PosixFilePermissions.fromString("r-xr-xr-x"));
        return scratch.resolve("sub");
    }
}
