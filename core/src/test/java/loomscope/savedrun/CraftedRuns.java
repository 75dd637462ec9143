package loomscope.savedrun;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

import loomscope.probe.PinnedEvent;
import loomscope.probe.StackFrame;
import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.scenario.SeedScenario;
import loomscope.workload.Phase;
import loomscope.workload.WorkloadConfig;

/**
 * Saved runs made by hand as a hostile user would: whole files (end marker and checksum right) whose content
 * is impossible, so that only the reader's own checks can refuse them. Shared by the reader's test and the CLI's.
 */
public final class CraftedRuns {
    private CraftedRuns() { }

    /** A crafted file and a piece of the one line it must be refused with. */
    public record BadFile(String what, byte[] content, String says) { }

    private static final long START = 500_000;
    private static final long END = 50_000_000;

    /** Every crafted input; the CLI's and the reader's suites both run all of them. */
    public static List<BadFile> all() throws IOException {
        List<BadFile> all = new ArrayList<>();
        all.add(new BadFile("completed -5", facts(START, END, -5, "25.0.1"), "\"completed\" is -5"));
        all.add(new BadFile("completed 3 of 2 threads", facts(START, END, 3, "25.0.1"), "\"completed\" is 3"));
        all.add(new BadFile("end before start", facts(START, START - 1, 2, "25.0.1"), "before its \"startNanos\""));
        all.add(new BadFile("end Long.MAX", facts(START, Long.MAX_VALUE, 2, "25.0.1"), "longer than 30 days"));
        all.add(new BadFile("end 2^62", facts(START, 1L << 62, 2, "25.0.1"), "longer than 30 days"));
        all.add(new BadFile("31 days", facts(START, START + 31L * 24 * 3600 * 1_000_000_000L, 2, "25.0.1"), "longer than 30 days"));
        all.add(new BadFile("negative start", facts(-5, END, 2, "25.0.1"), "\"startNanos\" is -5"));
        all.add(new BadFile("a run of 0 ns whose threads are done after it", doneAfterEnd(START),
                "thread 0 is done after the run's clock stopped"));
        all.add(new BadFile("a run 1 ns long whose threads are done after it", doneAfterEnd(START + 1),
                "thread 0 is done after the run's clock stopped"));
        all.add(new BadFile("jdkVersion with a newline", facts(START, END, 2, "25.0.1\n| forged | row |"), "\"jdkVersion\" holds control"));
        all.add(new BadFile("jdkVersion with an escape", facts(START, END, 2, "25\u001B[2J"), "\"jdkVersion\" holds control"));
        all.add(new BadFile("mount before the run", mounts(START - 400, START + 1_000), "mount 0 of carrier 0 lies outside the run"));
        all.add(new BadFile("mount long after the run", mounts(END + 61_000_000_000L, END + 62_000_000_000L), "lies outside the run"));
        all.add(new BadFile("zero-length mount", mounts(START + 1_000, START + 1_000), "mount 0 of carrier 0 has impossible times"));
        all.add(new BadFile("event with a negative duration", withEvent(START + 1_000, -7), "JFR event 0 has an impossible duration"));
        all.add(new BadFile("event at 2^62", withEvent(1L << 62, 7), "JFR event 0 has an impossible time"));
        all.add(new BadFile("header length -1", raw(out -> out.varint(-1L)), "the header has an impossible length"));
        all.add(new BadFile("header length 2^63", raw(out -> out.varint(Long.MIN_VALUE)), "the header has an impossible length"));
        all.add(new BadFile("2,000,000 threads in a few bytes", raw(out -> out.string(header(2_000_000, START, END, 0))),
                "more than its bytes can hold"));
        all.add(new BadFile("a carrier name of length -1", raw(out -> {
            out.string(header(2, START, END, 2));
            out.varint(0);
            out.varint(0);
            out.varint(1);
            out.varint(0);
            out.varint(-1L);   // every bit of a 10-byte varint set: -1
        }), "carrier 0's name has an impossible length"));
        all.add(new BadFile("4,097 carriers", afterPhases(out -> out.varint(4_097)), "the number of carriers is 4097"));
        all.add(new BadFile("a billion mounts", afterPhases(out -> {
            carrierHead(out);
            out.varint(1_000_000_000);
        }), "carrier 0's number of mounts is 1000000000"));
        all.add(new BadFile("a million strings", afterMounts(out -> out.varint(1_000_000)), "the number of strings is 1000000"));
        all.add(new BadFile("a stack index past the table", afterMounts(out -> {
            out.varint(0);   // strings
            out.varint(0);   // stacks
            out.varint(1);   // one event
            for (int i = 0; i < 7; i++) {
                out.varint(0);
            }
            out.varint(3);   // its stack
        }), "JFR event 0's stack is 3"));
        return all;
    }

    /** A sparse file (a few kB on disk): a plausible header, then one carrier claiming {@code mounts} all-zero mounts. */
    public static void sparseZeroMounts(Path file, long size, long mounts) throws IOException {
        sparseZeroMounts(file, size, mounts, true);
    }

    /** As above; without {@code checksum} its checksum is wrong (for a file refused before its checksum is read). */
    public static void sparseZeroMounts(Path file, long size, long mounts, boolean checksum) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        BinaryOut out = new BinaryOut(head);
        out.bytes(LoomRunFormat.MAGIC);
        out.varint(LoomRunFormat.VERSION);
        out.string(header(1, START, END, 1));
        out.varint(0);        // the one thread's phase mask
        carrierHead(out);
        out.varint(mounts);
        out.crc();
        byte[] prefix = head.toByteArray();
        CRC32 crc = new CRC32();
        crc.update(prefix);
        byte[] zeros = new byte[1 << 20];
        long left = checksum ? size - 8 - prefix.length : 0;
        while (left > 0) {
            int n = (int) Math.min(zeros.length, left);
            crc.update(zeros, 0, n);
            left -= n;
        }
        crc.update(LoomRunFormat.END);
        long v = crc.getValue();
        java.nio.file.Files.deleteIfExists(file);   // only ever a file this test made
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.write(prefix);
            f.seek(size - 8);
            f.write(LoomRunFormat.END);
            f.write(new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v});
        }
    }

    private static WorkloadConfig config(int threads) {
        return SeedScenario.config().withThreads(threads).withParallelism(1);
    }

    private static RunInfo info() {
        return new RunInfo(RunInfo.LOOMSCOPE_VERSION, Instant.parse("2026-11-25T12:00:00Z"), RunInfo.SEED_SCENARIO, List.of(),
                2, "Linux 6", "amd64", false);
    }

    private static String header(int threads, long start, long end, int completed) {
        return HeaderJson.write(new HeaderJson.Header(info(), "25.0.1", config(threads), start, end, completed, false, 0));
    }

    /** Two threads, one carrier, two good mounts; the run's own facts as given. */
    private static byte[] facts(long start, long end, int completed, String jdk) throws IOException {
        RecordingBuilder b = RecordingBuilder.of(config(2), jdk).carrier(0, "c0", 0, false);
        b.mount(0, 0, START + 100, START + 1_000, START + 2_000, true);
        b.mount(0, 1, START + 100, START + 3_000, START + 9_000, true);
        return write(b.finish(start, end, completed, false), List.of());
    }

    /**
     * Two threads done at START + 9 us in a run that was not stopped and whose clock stopped at {@code end}: with an
     * end before that the card would print a time the run never had ("0.000 s" for 2 tasks of 8 us).
     */
    static byte[] doneAfterEnd(long end) throws IOException {
        return write(doneAt(START + 9_000).finish(START, end, 2, false), List.of());
    }

    /** The same threads in a run that ended once they were done, or {@code stopped} early: both are real runs. */
    static byte[] doneBeforeEnd(long end, boolean stopped) throws IOException {
        return write(doneAt(START + 9_000).finish(START, end, 2, stopped), List.of());
    }

    private static RecordingBuilder doneAt(long done) {
        RecordingBuilder b = RecordingBuilder.of(config(2), "25.0.1").carrier(0, "c0", 0, false);
        b.mount(0, 0, START + 100, START + 1_000, START + 2_000, false);
        b.mount(0, 1, START + 100, START + 3_000, START + 8_000, false);
        for (int vt = 0; vt < 2; vt++) {
            b.phase(vt, Phase.STARTED, START + 1_000 + vt * 2_000L);
            b.phase(vt, Phase.DONE, done);
        }
        return b;
    }

    private static byte[] mounts(long start, long end) throws IOException {
        RecordingBuilder b = RecordingBuilder.of(config(2), "25.0.1").carrier(0, "c0", 0, false);
        b.mount(0, 0, Math.max(0, start - 10), start, end, false);
        return write(b.finish(START, END, 2, false), List.of());
    }

    private static byte[] withEvent(long start, long duration) throws IOException {
        RecordingBuilder b = RecordingBuilder.of(config(2), "25.0.1").carrier(0, "c0", 0, false);
        b.mount(0, 0, START + 100, START + 1_000, START + 2_000, true);
        PinnedEvent e = new PinnedEvent(start, duration, "c0", 0, "Native or VM frame on stack", null,
                List.of(new StackFrame(null, "a.B", "c", null, 1)), START + 5_000);
        return write(b.finish(START, END, 2, false), List.of(e));
    }

    private static byte[] write(RunRecording r, List<PinnedEvent> events) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SavedRunWriter.writeTo(new SavedRun(r, info(), events), bytes);
        return bytes.toByteArray();
    }

    interface Body {
        void write(BinaryOut out) throws IOException;
    }

    /** Magic, version, {@code body}, end marker and a right checksum. */
    private static byte[] raw(Body body) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BinaryOut out = new BinaryOut(bytes);
        out.bytes(LoomRunFormat.MAGIC);
        out.varint(LoomRunFormat.VERSION);
        body.write(out);
        out.bytes(new byte[64]);   // room, so that a count is refused for what it claims, not for a short file
        out.bytes(LoomRunFormat.END);
        out.finish(out.crc());
        return bytes.toByteArray();
    }

    /** A good header for two threads and their phase masks (none reached), then {@code rest}. */
    private static byte[] afterPhases(Body rest) throws IOException {
        return raw(out -> {
            out.string(header(2, START, END, 2));
            out.varint(0);
            out.varint(0);
            rest.write(out);
        });
    }

    /** As {@link #afterPhases}, with no carriers, then {@code rest} where the events' tables begin. */
    private static byte[] afterMounts(Body rest) throws IOException {
        return afterPhases(out -> {
            out.varint(0);
            rest.write(out);
        });
    }

    private static void carrierHead(BinaryOut out) throws IOException {
        out.varint(1);   // one carrier
        out.varint(0);   // its index
        out.varint(0);   // no name
        out.signed(0);   // added at 0
        out.varint(0);   // not by the pool
    }
}
