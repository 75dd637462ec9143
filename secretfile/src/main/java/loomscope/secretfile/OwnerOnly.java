package loomscope.secretfile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

/**
 * A secret file is its owner's alone, as ssh asks of a private key: the one check of the core's
 * {@code attach --token-file} and the agent's {@code tokenfile=} (each says in its own words what it refused).
 */
public final class OwnerOnly {
    private OwnerOnly() { }

    /**
     * "open to its group and others (mode 0644)" where a permission reaches beyond the owner, else null (also on a file
     * system without POSIX permissions).
     */
    public static String openToOthers(Path file) {
        Set<PosixFilePermission> permissions;
        try {
            permissions = Files.getPosixFilePermissions(file);
        } catch (UnsupportedOperationException | IOException e) {
            return null;
        }
        int mode = 0;
        for (PosixFilePermission p : permissions) {
            mode |= 1 << (8 - p.ordinal());   // OWNER_READ is ordinal 0, the 0400 bit
        }
        if ((mode & 0077) == 0) {
            return null;
        }
        boolean group = (mode & 0070) != 0;
        boolean others = (mode & 0007) != 0;
        return "open to " + (group && others ? "its group and others" : group ? "its group" : "others")
                + " (mode 0" + Integer.toOctalString(mode) + ")";
    }
}
