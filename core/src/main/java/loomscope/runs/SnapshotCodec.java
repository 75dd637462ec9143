package loomscope.runs;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import loomscope.probe.SnapshotSource;
import loomscope.probe.StackFrame;
import loomscope.probe.ThreadNames;
import loomscope.probe.ThreadSample;
import loomscope.probe.ThreadSnapshot;

/**
 * A {@link ThreadSnapshot} as one stream line, so the child can send what its HotSpot dump (or, for a run of
 * more than {@value SampledSnapshot#MAX_SAMPLED} threads, its {@link SampledSnapshot}) said. The child
 * parses its own dump (a 6 MB JSON file for 5,000 threads) and sends only the workload's threads with their
 * top {@value #FRAMES} frames: ~0.4 MB instead. Strings are URL-encoded so that no field holds a space.
 * <pre>
 * snap takenAt tookNanos source jdkVersion count ; sample ; sample ...
 * sample = taskIndex name tid virtual(0|1) state(-|NAME) carrierReported(0|1) carrier(-|name) from to frame,frame,...
 * </pre>
 */
final class SnapshotCodec {

    static final String KIND = "snap";
    /** Enough to show Thread.sleep under Task.run; whole stacks would be ten times the bytes. */
    static final int FRAMES = 8;
    private static final String NONE = "-";

    private SnapshotCodec() { }

    static String encode(ThreadSnapshot s) {
        StringBuilder b = new StringBuilder(64 + s.samples().size() * 80);
        b.append(KIND).append(' ').append(s.takenAt()).append(' ').append(s.tookNanos()).append(' ')
                .append(s.source().name()).append(' ').append(enc(s.jdkVersion())).append(' ').append(s.samples().size());
        for (ThreadSample t : s.samples()) {
            b.append(" ; ").append(t.taskIndex()).append(' ').append(enc(t.name())).append(' ').append(t.tid())
                    .append(' ').append(t.virtual() ? 1 : 0)
                    .append(' ').append(t.state() == null ? NONE : t.state().name())
                    .append(' ').append(t.carrierReported() ? 1 : 0)
                    .append(' ').append(t.carrierName() == null ? NONE : enc(t.carrierName()))
                    .append(' ').append(t.sampledFrom()).append(' ').append(t.sampledTo()).append(' ');
            List<StackFrame> stack = t.stack();
            for (int i = 0; i < Math.min(FRAMES, stack.size()); i++) {
                b.append(i == 0 ? "" : ",").append(enc(stack.get(i).toString()));
            }
            if (stack.isEmpty()) {
                b.append(NONE);
            }
        }
        return b.toString();
    }

    /** @throws IllegalArgumentException if the line is not an encoded snapshot */
    static ThreadSnapshot decode(String line) {
        String[] parts = line.split(" ; ", -1);
        String[] head = parts[0].split(" ");
        if (head.length != 6 || !head[0].equals(KIND)) {
            throw new IllegalArgumentException("not a snapshot line");
        }
        int count = Integer.parseInt(head[5]);
        if (parts.length != count + 1) {
            throw new IllegalArgumentException("snapshot says " + count + " threads but has " + (parts.length - 1));
        }
        List<ThreadSample> samples = new ArrayList<>(count);
        for (int i = 1; i < parts.length; i++) {
            samples.add(sample(parts[i].split(" ", -1)));
        }
        return new ThreadSnapshot(Long.parseLong(head[1]), Long.parseLong(head[2]), SnapshotSource.valueOf(head[3]),
                dec(head[4]), samples);
    }

    private static ThreadSample sample(String[] f) {
        if (f.length != 10) {
            throw new IllegalArgumentException("a thread sample needs 10 fields, has " + f.length);
        }
        List<StackFrame> stack = new ArrayList<>();
        if (!f[9].equals(NONE)) {
            for (String frame : f[9].split(",")) {
                stack.add(StackFrame.parse(dec(frame)));
            }
        }
        String carrier = f[6].equals(NONE) ? null : dec(f[6]);
        return new ThreadSample(Integer.parseInt(f[0]), dec(f[1]), Long.parseLong(f[2]), f[3].equals("1"),
                f[4].equals(NONE) ? null : Thread.State.valueOf(f[4]), f[5].equals("1"), carrier,
                ThreadNames.carrierIndexOf(carrier), Long.parseLong(f[7]), Long.parseLong(f[8]), stack);
    }

    private static String enc(String s) {
        // an empty name (unnamed virtual threads) must still be one field
        return s == null || s.isEmpty() ? "%00" : URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static String dec(String s) {
        return s.equals("%00") ? "" : URLDecoder.decode(s, StandardCharsets.UTF_8);
    }
}
