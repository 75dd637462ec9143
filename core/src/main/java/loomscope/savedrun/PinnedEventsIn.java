package loomscope.savedrun;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import loomscope.probe.PinnedEvent;
import loomscope.probe.StackFrame;

/**
 * Reads the JFR pinned events back: format 1's (each event with its whole stack) and format 2's (string and
 * stack tables, events naming them by index; see {@link PinnedEventsOut}). Every count is held to what the
 * bytes left can hold before anything is allocated for it, and every index to the table it points into.
 */
final class PinnedEventsIn {
    /** The fewest bytes an event takes: each of its fields is at least one byte (8 in both formats). */
    private static final int MIN_EVENT_BYTES = 8;
    /** The fewest bytes a frame takes: four string references and a line number. */
    private static final int MIN_FRAME_BYTES = 5;

    private PinnedEventsIn() { }

    static List<PinnedEvent> readFormat1(BinaryIn in, MemoryBudget memory) throws IOException {
        int count = eventCount(in, memory);
        List<PinnedEvent> events = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String what = "JFR event " + i;
            long start = time(in.signed(), what);
            long duration = duration(in, what);
            String carrierName = in.string(what + "'s carrier", LoomRunFormat.MAX_NAME_BYTES);
            int carrierIndex = carrierIndex(in, what);
            String reason = in.string(what + "'s reason", LoomRunFormat.MAX_FRAME_TEXT_BYTES);
            String operation = in.string(what + "'s operation", LoomRunFormat.MAX_FRAME_TEXT_BYTES);
            long arrivedAt = time(in.signed(), what);
            int frames = in.count(what + "'s stack depth", Math.min(LoomRunFormat.MAX_FRAMES, in.remaining() / MIN_FRAME_BYTES));
            // format 1 holds each frame's four strings itself
            memory.take(what + "'s frames", frames, MemoryBudget.FRAME + 4 * MemoryBudget.STRING);
            List<StackFrame> stack = new ArrayList<>(frames);
            for (int f = 0; f < frames; f++) {
                String module = in.string(what + "'s frame", LoomRunFormat.MAX_FRAME_TEXT_BYTES);
                String className = in.string(what + "'s frame", LoomRunFormat.MAX_FRAME_TEXT_BYTES);
                String method = in.string(what + "'s frame", LoomRunFormat.MAX_FRAME_TEXT_BYTES);
                String fileName = in.string(what + "'s frame", LoomRunFormat.MAX_FRAME_TEXT_BYTES);
                stack.add(frame(module, className, method, fileName, line(in, what)));
            }
            events.add(new PinnedEvent(start, duration, carrierName, carrierIndex, reason, operation, List.copyOf(stack), arrivedAt));
        }
        return events;
    }

    static List<PinnedEvent> readFormat2(BinaryIn in, MemoryBudget memory) throws IOException {
        List<String> strings = readStrings(in, memory);
        List<List<StackFrame>> stacks = readStacks(in, strings, memory);
        int count = eventCount(in, memory);
        List<PinnedEvent> events = new ArrayList<>(count);
        long previousStart = 0;
        for (int i = 0; i < count; i++) {
            String what = "JFR event " + i;
            long start = time(previousStart + in.signed(), what);
            previousStart = start;
            long duration = duration(in, what);
            String carrierName = ref(in, strings, what + "'s carrier");
            int carrierIndex = carrierIndex(in, what);
            String reason = ref(in, strings, what + "'s reason");
            String operation = ref(in, strings, what + "'s operation");
            long arrivedAt = time(start + duration + in.signed(), what);
            List<StackFrame> stack = stacks.get(in.count(what + "'s stack", stacks.size() - 1L));
            events.add(new PinnedEvent(start, duration, carrierName, carrierIndex, reason, operation, stack, arrivedAt));
        }
        return events;
    }

    /** A table of texts as {@link TextTable} writes it. */
    static List<String> readStrings(BinaryIn in, MemoryBudget memory) throws IOException {
        int count = in.count("the number of strings", Math.min(LoomRunFormat.MAX_STRINGS, in.remaining()));
        memory.take("strings", count, MemoryBudget.STRING);
        List<String> strings = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String s = in.string("string " + i, LoomRunFormat.MAX_FRAME_TEXT_BYTES);
            if (s == null) {
                throw new SavedRunFormatException("string " + i + " of the string table is missing");
            }
            strings.add(s);
        }
        return strings;
    }

    private static List<List<StackFrame>> readStacks(BinaryIn in, List<String> strings, MemoryBudget memory) throws IOException {
        int count = in.count("the number of stacks", Math.min(LoomRunFormat.MAX_EVENTS, in.remaining()));
        memory.take("stacks", count, MemoryBudget.FRAME);
        List<List<StackFrame>> stacks = new ArrayList<>(count);
        for (int s = 0; s < count; s++) {
            String what = "stack " + s;
            int frames = in.count(what + "'s depth", Math.min(LoomRunFormat.MAX_FRAMES, in.remaining() / MIN_FRAME_BYTES));
            memory.take(what + "'s frames", frames, MemoryBudget.FRAME);
            List<StackFrame> stack = new ArrayList<>(frames);
            for (int f = 0; f < frames; f++) {
                String frame = what + "'s frame " + f;
                stack.add(frame(ref(in, strings, frame), ref(in, strings, frame), ref(in, strings, frame),
                        ref(in, strings, frame), line(in, frame)));
            }
            stacks.add(List.copyOf(stack));
        }
        return stacks;
    }

    private static int eventCount(BinaryIn in, MemoryBudget memory) throws IOException {
        int count = in.count("the number of JFR events", Math.min(LoomRunFormat.MAX_EVENTS, in.remaining() / MIN_EVENT_BYTES));
        memory.take("JFR events", count, MemoryBudget.EVENT);
        return count;
    }

    /** A string table reference: 0 is null, k the table's string k - 1. */
    static String ref(BinaryIn in, List<String> strings, String what) throws IOException {
        int ref = in.count(what + "'s string", strings.size());
        return ref == 0 ? null : strings.get(ref - 1);
    }

    /** Times are since the recording's origin: an event may begin a little before it, never 30 days away. */
    private static long time(long t, String what) throws SavedRunFormatException {
        if (Math.abs(t) > LoomRunFormat.MAX_RUN_NANOS) {
            throw new SavedRunFormatException(what + " has an impossible time");
        }
        return t;
    }

    private static long duration(BinaryIn in, String what) throws IOException {
        long duration = in.signed();
        if (duration < 0 || duration > LoomRunFormat.MAX_RUN_NANOS) {
            throw new SavedRunFormatException(what + " has an impossible duration");
        }
        return duration;
    }

    /** -1 when JFR's carrier was not one of the run's. */
    private static int carrierIndex(BinaryIn in, String what) throws IOException {
        long index = in.signed();
        if (index < -1 || index >= LoomRunFormat.MAX_CARRIERS) {
            throw new SavedRunFormatException(what + "'s carrier index " + index + " is impossible");
        }
        return (int) index;
    }

    private static int line(BinaryIn in, String what) throws IOException {
        long line = in.signed();
        if (line < Integer.MIN_VALUE || line > Integer.MAX_VALUE) {
            throw new SavedRunFormatException(what + "'s line number " + line + " is impossible");
        }
        return (int) line;
    }

    private static StackFrame frame(String module, String className, String method, String fileName, int line) {
        return new StackFrame(module, className == null ? "" : className, method == null ? "" : method, fileName, line);
    }
}
