package loomscope.probe;

import loomscope.io.AtomicOutput;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;

import com.sun.management.HotSpotDiagnosticMXBean;

/**
 * "Export thread dump": HotSpot's own JSON dump of this JVM, the format {@code jcmd Thread.dump_to_file
 * -format=json} writes. Only on explicit request, because it is dangerous here: taken while virtual
 * threads mount, unmount or end it has crashed JDK 25.0.3 (SIGSEGV in {@code GetThreadSnapshotClosure},
 * 2 of 4 JVMs at 2 Hz; JDK-8359870, JDK-8364343). When no run is going it is safe. The continuous,
 * crash-safe view is {@link InProcessSnapshotter}.
 */
public final class ThreadDumpExport {

    /** What the UI shows before it asks "export anyway?" and the CLI prints when it refuses. */
    public static final String WARNING = "HotSpot's thread dump can crash the JVM (JDK 25.0.3, JDK-8359870/JDK-8364343) "
            + "while virtual threads mount and unmount. It is safe once the run has ended or been stopped.";

    private ThreadDumpExport() { }

    /**
     * Writes the dump to {@code file}, replacing a regular file there (a save dialog asked first). Never deletes:
     * HotSpot writes to a temporary name beside it, which is renamed into place.
     *
     * @param runIsActive   whether a workload run is going right now in this JVM
     * @param acceptTheRisk the user read {@link #WARNING} and still wants it during a run
     * @return how long the dump took, nanos
     * @throws IllegalStateException during an active run unless {@code acceptTheRisk}
     */
    public static long write(Path file, boolean runIsActive, boolean acceptTheRisk) throws IOException {
        return write(file, runIsActive, acceptTheRisk, true);
    }

    /** As above; with {@code replace} false an existing file is refused (the CLI, where nobody was asked). */
    public static long write(Path file, boolean runIsActive, boolean acceptTheRisk, boolean replace) throws IOException {
        if (runIsActive && !acceptTheRisk) {
            throw new IllegalStateException("not exporting a thread dump during a run: " + WARNING);
        }
        long[] took = new long[1];
        AtomicOutput.write(file, replace, temp -> {
            long began = System.nanoTime();
            // dumpThreads refuses an existing file: the temporary name is fresh
            ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                    .dumpThreads(temp.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.JSON);
            took[0] = System.nanoTime() - began;
        });
        return took[0];
    }
}
