package loomscope.attach;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import loomscope.io.ForeignText;
import loomscope.probe.StackFrame;

/**
 * The stacks of a session's pinned events and witnesses, each distinct stack kept once (a thousand pins or reads share
 * a handful), by the agent's text of its frames, within {@link SessionBudget#STACK_BYTES}. Not thread-safe: used under
 * its session's lock ({@link AttachedEpisodes}).
 */
final class SharedStacks {
    /** A frame of a stack kept once: its record, its strings' headers and its place in the table of stacks. */
    static final long FRAME_BYTES = 120;

    private final Map<List<String>, List<StackFrame>> stacks = new HashMap<>();
    /** What the distinct stacks take, within {@link SessionBudget#STACK_BYTES}. */
    private long taken;

    /**
     * {@code frames} as a stack, the one kept for them if they came before; a new one's bytes are added to
     * {@code bytes[0]}, to be taken from the session's memory with the event that brought it.
     */
    List<StackFrame> shared(List<String> frames, long[] bytes) {
        List<StackFrame> stack = stacks.get(frames);
        if (stack == null) {
            // the table's key keeps the agent's text of each frame too: counted, as the parsed frames are (before, a
            // file of distinct deep stacks took twice the budget its refusal named)
            long stackBytes = 0;
            for (String frame : frames) {
                stackBytes += SessionBounds.textBytes(frame);
            }
            if (taken + stackBytes > SessionBudget.STACK_BYTES) {
                throw new SessionBounds.Bound(String.format(Locale.ROOT, "its distinct stacks (%,d so far) need more "
                        + "than the %,d MB LoomScope gives them (a session's pins and witnesses share a few hundred)",
                        stacks.size(), SessionBudget.STACK_BYTES >> 20));
            }
            List<StackFrame> parsed = new ArrayList<>(frames.size());
            for (String frame : frames) {
                String text = ForeignText.clean(frame, ForeignText.TEXT_CHARS);
                parsed.add(StackFrame.parse(text));
                stackBytes += FRAME_BYTES + SessionBounds.textBytes(text);
            }
            taken += stackBytes;
            bytes[0] += stackBytes;
            stack = List.copyOf(parsed);
            stacks.put(List.copyOf(frames), stack);
        }
        return stack;
    }
}
