package loomscope.savedrun;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import loomscope.probe.PinnedEvent;
import loomscope.recording.RunRecording;

/**
 * A whole recorded run as a {@code .loomrun} file holds it: every mount, every phase, the JFR pinned events the
 * probes heard, and what ran. Read it back and it replays, compares and exports as the live run did. The
 * format is described in {@link LoomRunFormat} and docs/saved-runs.md.
 *
 * @param pinnedEvents JFR's pinned events for this run, empty when JFR did not watch it
 */
public record SavedRun(RunRecording recording, RunInfo info, List<PinnedEvent> pinnedEvents) {

    public static final String EXTENSION = ".loomrun";

    public SavedRun {
        pinnedEvents = pinnedEvents == null ? List.of() : List.copyOf(pinnedEvents);
        if (info != null && recording != null && !info.scenario().equals(recording.config().scenario().name())) {
            // RunInfo.ofThisHost names the seed; the recording's config knows which scenario really ran
            info = new RunInfo(info.loomscopeVersion(), info.savedAt(), recording.config().scenario().name(),
                    info.jvmFlags(), info.hostCores(), info.hostOs(), info.hostArch(), info.carriersLowered());
        }
    }

    /** Episodes an attached JVM's agent dropped and counted ({@link RunRecording#droppedInTarget()}). */
    public long droppedInTarget() {
        return recording.droppedInTarget();
    }

    /** The name the window gives it: {@code fileName}, and the episodes dropped in the target if any. */
    public String named(String fileName) {
        return withDropped(fileName, droppedInTarget());
    }

    /** {@code name}, and " (N episodes dropped)" when {@code dropped} is not 0: where they were, gaps are not idle. */
    public static String withDropped(String name, long dropped) {
        return dropped <= 0 ? name : name + String.format(Locale.ROOT, " (%,d episodes dropped)", dropped);
    }

    /** Writes it to a temporary name beside {@code file} and renames it; returns the bytes written. */
    public SavedRunSize write(Path file, boolean replace) throws SavedRunException {
        return SavedRunWriter.write(this, file, replace);
    }

    /** Whether {@code file} begins as a saved run does (whatever may be wrong further on); false if unreadable. */
    public static boolean isOne(Path file) {
        if (!Files.isRegularFile(file)) {
            return false;   // never opened: a pipe would block, a device never end
        }
        try (InputStream in = Files.newInputStream(file)) {
            return Arrays.equals(in.readNBytes(LoomRunFormat.MAGIC.length), LoomRunFormat.MAGIC);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Whether {@code file} is meant as a saved run: its name ends in {@code .loomrun} or it begins as one does.
     * An empty or foreign file so named is then refused as a saved run ("it is empty", "not a LoomScope saved
     * run"), not read as something else.
     */
    public static boolean claimsToBeOne(Path file) {
        Path name = file.getFileName();
        return name != null && name.toString().toLowerCase(Locale.ROOT).endsWith(EXTENSION) || isOne(file);
    }

    /** @throws SavedRunException naming the file and what is wrong with it: missing, empty, cut short, damaged, newer */
    public static SavedRun read(Path file) throws SavedRunException {
        return SavedRunReader.read(file);
    }
}
