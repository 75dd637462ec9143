package loomscope.savedrun;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;

import loomscope.probe.PinnedEvent;
import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSource;
import loomscope.scenario.TaskFileScenario;

/**
 * Reads a {@code .loomrun} file that may be anything: a pipe or a device, someone else's file, a half-copied
 * one, a damaged one, one from a newer LoomScope, or a whole one made by hand with impossible numbers. In that
 * order it checks that it is a regular file, the magic, the version, that the file ends as a whole file ends
 * (the end marker and a matching checksum), and only then reads the run ({@link HeaderCheck}, {@link MountsIn},
 * {@link PinnedEventsIn}), checking every count and time against what is possible before allocating for it.
 * Anything wrong is one line naming the file.
 */
final class SavedRunReader {
    private static final int TRAILER = LoomRunFormat.END.length + 4;

    private SavedRunReader() { }

    static SavedRun read(Path file) throws SavedRunException {
        try {
            long size = checkWhole(file);
            try (InputStream in = Files.newInputStream(file)) {
                return parse(new BinaryIn(in, size));
            }
        } catch (NoSuchFileException e) {
            throw new SavedRunException(file, "no such file");
        } catch (AccessDeniedException e) {
            throw new SavedRunException(file, "it cannot be read (permission denied)");
        } catch (SavedRunFormatException e) {
            throw new SavedRunException(file, e.getMessage());
        } catch (IOException e) {
            throw new SavedRunException(file, "it cannot be read (" + SavedRunWriter.oneLine(e) + ")");
        }
    }

    /** Magic, version, end marker and checksum, before any of the content is believed; returns the size. */
    private static long checkWhole(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new SavedRunFormatException("it is a folder, not a saved run");
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            // a pipe would block the open until someone writes to it, and a device such as /dev/zero never ends
            throw new SavedRunFormatException("it is not a regular file (a pipe, a device or a socket), not a saved run");
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size == 0) {
                throw new SavedRunFormatException("it is empty, not a saved run");
            }
            ByteBuffer head = ByteBuffer.allocate(LoomRunFormat.MAGIC.length + 10);
            channel.read(head, 0);
            byte[] start = Arrays.copyOf(head.array(), head.position());
            if (start.length < LoomRunFormat.MAGIC.length
                    || !Arrays.equals(Arrays.copyOf(start, LoomRunFormat.MAGIC.length), LoomRunFormat.MAGIC)) {
                throw new SavedRunFormatException("it is not a LoomScope saved run (" + SavedRun.EXTENSION + ")");
            }
            long version = start.length > LoomRunFormat.MAGIC.length ? start[LoomRunFormat.MAGIC.length] & 0xFF : -1;
            if (version > LoomRunFormat.VERSION && version < 0x80) {
                throw new SavedRunFormatException("it was written by a newer LoomScope (format " + version
                        + "); this one reads formats up to " + LoomRunFormat.VERSION);
            }
            if (version < LoomRunFormat.OLDEST_VERSION || version > LoomRunFormat.VERSION) {
                throw new SavedRunFormatException("its format number is damaged");
            }
            MemoryBudget.checkSize(size);
            if (size < LoomRunFormat.MAGIC.length + 1 + TRAILER || !endsWithEndMarker(channel, size)) {
                throw new SavedRunFormatException("it is cut short: it does not end as a whole saved run does "
                        + "(was it copied or written completely?)");
            }
            long stored = readInt(channel, size - 4);
            if (crcOf(channel, size - 4) != stored) {
                throw new SavedRunFormatException("it is damaged: its checksum does not match its content");
            }
            return size;
        }
    }

    private static boolean endsWithEndMarker(FileChannel channel, long size) throws IOException {
        ByteBuffer end = ByteBuffer.allocate(LoomRunFormat.END.length);
        channel.read(end, size - TRAILER);
        return Arrays.equals(end.array(), LoomRunFormat.END);
    }

    private static long readInt(FileChannel channel, long at) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(4);
        channel.read(b, at);
        return Integer.toUnsignedLong(b.getInt(0));
    }

    private static long crcOf(FileChannel channel, long length) throws IOException {
        CRC32 crc = new CRC32();
        ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
        long at = 0;
        while (at < length) {
            buffer.clear();
            buffer.limit((int) Math.min(buffer.capacity(), length - at));
            int n = channel.read(buffer, at);
            if (n <= 0) {
                throw new SavedRunFormatException.Truncated(at);
            }
            buffer.flip();
            crc.update(buffer);
            at += n;
        }
        return crc.getValue();
    }

    /**
     * An application's run saved before its header said so: your code with no folder of classes (your code is always
     * compiled into one), named by the main class the attach gave it; what else it was is not kept.
     */
    private static RunSource.Application olderApplication(HeaderJson.Header header) {
        String mainClass = header.config().scenario().yourCodeClass();
        if (mainClass == null || !header.config().scenario().values().getOrDefault(TaskFileScenario.CLASSES, "").isEmpty()) {
            return null;
        }
        return RunSource.Application.of(new RunSource.Jvm(mainClass, -1, null, header.jdkVersion(), RunSource.Reached.NOT_KEPT));
    }

    private static SavedRun parse(BinaryIn in) throws IOException {
        long version = Arrays.equals(in.bytes(LoomRunFormat.MAGIC.length), LoomRunFormat.MAGIC) ? in.varint() : -1;
        if (version < LoomRunFormat.OLDEST_VERSION || version > LoomRunFormat.VERSION) {
            throw new SavedRunFormatException("it changed while it was read");
        }
        String headerText = in.string("the header", LoomRunFormat.MAX_HEADER_BYTES);
        if (headerText == null) {
            throw new SavedRunFormatException("it has no header");
        }
        HeaderJson.Header header = HeaderJson.read(headerText);
        HeaderCheck.check(header);
        if (header.config().threads() > in.remaining()) {
            // every thread's phase mask is a byte at least: checked before the recording's per-thread arrays exist
            throw new SavedRunFormatException("it claims " + header.config().threads() + " threads, more than its bytes can hold");
        }
        MemoryBudget memory = MemoryBudget.ofThisJvm();
        memory.take("threads", header.config().threads(), MemoryBudget.THREAD);
        RecordingBuilder builder = RecordingBuilder.of(header.config(), header.jdkVersion());
        RunSource.Application application = header.application() != null ? header.application() : olderApplication(header);
        if (application != null) {
            builder.application(application);
        }
        MountsIn.read(in, builder, header, memory, version);
        List<PinnedEvent> events = version == 1 ? PinnedEventsIn.readFormat1(in, memory) : PinnedEventsIn.readFormat2(in, memory);
        RunRecording recording = builder.droppedInTarget(header.droppedInTarget())
                .finish(header.runStart(), header.runEnd(), header.completed(), header.cancelled());
        if (version >= 4) {
            WhysIn.read(in, recording, memory);
        }
        if (!Arrays.equals(in.bytes(LoomRunFormat.END.length), LoomRunFormat.END) || in.remaining() != 4) {
            throw new SavedRunFormatException("its content does not end where its end marker is");
        }
        return new SavedRun(recording, header.info(), events);
    }
}
