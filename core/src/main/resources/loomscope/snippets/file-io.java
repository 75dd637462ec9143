// Every thread reads one temporary file through.
// A file read blocks the carrier on every JDK;
// JDK 21's own scheduler adds carriers to make up
// for it, ours shows the blocked time.
import java.nio.file.Files;
import java.nio.file.Path;

public class FileIo {
    static final int SIZE_KIB = 1_024;
    static final int PASSES = 1;
    private final Path file;

    public FileIo() throws Exception {
        file = Files.createTempFile("loomscope-file-io", ".bin");
        file.toFile().deleteOnExit();
        Files.write(file, new byte[SIZE_KIB * 1024]);
    }

    public void run(int index) throws Exception {
        for (int i = 0; i < PASSES; i++) {
            if (Files.readAllBytes(file).length != SIZE_KIB * 1024) {
                throw new IllegalStateException("short read");
            }
        }
    }
}
