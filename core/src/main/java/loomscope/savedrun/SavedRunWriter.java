package loomscope.savedrun;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

import loomscope.io.AtomicOutput;
import loomscope.recording.CarrierLog;
import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSource;
import loomscope.workload.Phase;

/** Writes a {@link SavedRun} in the layout {@link LoomRunFormat} describes, through a temporary file. */
final class SavedRunWriter {
    private SavedRunWriter() { }

    static SavedRunSize write(SavedRun run, Path file, boolean replace) throws SavedRunException {
        if (!run.recording().isFinished()) {
            throw new SavedRunException(file, "the run has not ended: only an ended run can be saved");
        }
        SavedRunSize[] size = new SavedRunSize[1];
        try {
            AtomicOutput.write(file, replace, temp -> {
                try (OutputStream out = Files.newOutputStream(temp)) {
                    size[0] = writeTo(run, out);
                }
            });
        } catch (FileAlreadyExistsException e) {
            throw new SavedRunException(file, "it exists already and is not replaced");
        } catch (IOException e) {
            String why = AtomicOutput.saysNoSpace(e) ? ": the disk is full (no space left on device)" : " (" + oneLine(e) + ")";
            throw new SavedRunException(file, "could not be written" + why + "; nothing was left behind");
        }
        return size[0];
    }

    /** The whole file's bytes into {@code stream}; returns how many, and how many each part took. */
    static SavedRunSize writeTo(SavedRun run, OutputStream stream) throws IOException {
        RunRecording r = run.recording();
        BinaryOut out = new BinaryOut(stream);
        out.bytes(LoomRunFormat.MAGIC);
        out.varint(LoomRunFormat.VERSION);
        out.string(HeaderJson.write(new HeaderJson.Header(run.info(), r.jdkVersion(), r.config(), r.runStart(), r.runEnd(),
                r.completedAtEnd(), r.wasCancelled(), r.droppedInTarget(),
                r.source() instanceof RunSource.Application app ? app : null)));
        long beforePhases = out.written();
        writePhases(r, out);
        long beforeCarriers = out.written();
        writeCarriers(r, out);
        long beforeEvents = out.written();
        PinnedEventsOut.write(run.pinnedEvents(), out);
        WhysOut.write(r, out);
        long eventBytes = out.written() - beforeEvents;
        out.bytes(LoomRunFormat.END);
        out.finish(out.crc());
        long mounts = 0;
        for (CarrierLog log : r.carriers()) {
            mounts += log.size();
        }
        return new SavedRunSize(out.written(), beforeCarriers - beforePhases, beforeEvents - beforeCarriers,
                eventBytes, mounts);
    }

    private static void writePhases(RunRecording r, BinaryOut out) throws IOException {
        long previousFirst = 0;
        for (int vt = 0; vt < r.threads(); vt++) {
            int mask = 0;
            for (Phase p : Phase.values()) {
                if (r.phase(vt, p) >= 0) {
                    mask |= 1 << p.ordinal();
                }
            }
            out.varint(mask);
            long previous = -1;
            for (Phase p : Phase.values()) {
                long t = r.phase(vt, p);
                if (t < 0) {
                    continue;
                }
                if (previous < 0) {
                    out.signed(t - previousFirst);
                    previousFirst = t;
                } else {
                    out.signed(t - previous);
                }
                previous = t;
            }
        }
    }

    private static void writeCarriers(RunRecording r, BinaryOut out) throws IOException {
        CarrierLog[] logs = r.carriers();
        out.varint(logs.length);
        for (CarrierLog log : logs) {
            out.varint(log.index());
            out.string(log.name());
            out.signed(log.addedAt());
            out.varint(log.addedByPool() ? 1 : 0);
            int size = log.size();
            out.varint(size);
            long previousEnd = 0;
            for (int i = 0; i < size; i++) {
                long start = log.start(i);
                long end = log.end(i);
                out.varint(log.vt(i));
                out.signed(start - previousEnd);
                int verdict = LoomRunFormat.verdictCode(log.mountClass(i));
                out.varint(((end - start) << LoomRunFormat.VERDICT_BITS) | verdict);
                out.signed(start - log.submit(i));
                previousEnd = end;
            }
        }
    }

    static String oneLine(IOException e) {
        String m = e.getMessage();
        String text = m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
        return text.lines().findFirst().orElse(text);
    }
}
