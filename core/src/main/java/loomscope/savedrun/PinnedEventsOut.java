package loomscope.savedrun;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import loomscope.probe.PinnedEvent;
import loomscope.probe.StackFrame;

/**
 * The JFR pinned events in format 2: every distinct string and every distinct stack is written once, and an
 * event names them by index, as JFR's own constant pools do. A run of N pinned threads has N events but, in
 * the seed, one or a few stacks: format 1 wrote each 24-frame stack in full (~1,600 bytes an event).
 */
final class PinnedEventsOut {
    private final TextTable strings = new TextTable();
    private final Map<List<StackFrame>, Integer> stacks = new LinkedHashMap<>();

    private PinnedEventsOut() { }

    static void write(List<PinnedEvent> events, BinaryOut out) throws IOException {
        PinnedEventsOut tables = new PinnedEventsOut();
        int[] stackOf = new int[events.size()];
        for (int i = 0; i < events.size(); i++) {
            stackOf[i] = tables.collect(events.get(i));
        }
        tables.writeTables(out);
        out.varint(events.size());
        long previousStart = 0;
        for (int i = 0; i < events.size(); i++) {
            PinnedEvent e = events.get(i);
            // events come in about time order, so the gap from the previous one is small
            out.signed(e.start() - previousStart);
            previousStart = e.start();
            out.signed(e.duration());
            out.varint(tables.ref(e.carrierName()));
            out.signed(e.carrierIndex());
            out.varint(tables.ref(e.reason()));
            out.varint(tables.ref(e.blockingOperation()));
            out.signed(e.arrivedAt() - e.end());
            out.varint(stackOf[i]);
        }
    }

    private int collect(PinnedEvent e) {
        intern(e.carrierName());
        intern(e.reason());
        intern(e.blockingOperation());
        Integer known = stacks.get(e.stack());
        if (known != null) {
            return known;
        }
        for (StackFrame f : e.stack()) {
            intern(f.module());
            intern(f.className());
            intern(f.methodName());
            intern(f.fileName());
        }
        int index = stacks.size();
        stacks.put(e.stack(), index);
        return index;
    }

    private void intern(String s) {
        strings.intern(s);
    }

    private int ref(String s) {
        return strings.ref(s);
    }

    private void writeTables(BinaryOut out) throws IOException {
        strings.write(out);
        out.varint(stacks.size());
        for (List<StackFrame> stack : stacks.keySet()) {
            out.varint(stack.size());
            for (StackFrame f : stack) {
                out.varint(ref(f.module()));
                out.varint(ref(f.className()));
                out.varint(ref(f.methodName()));
                out.varint(ref(f.fileName()));
                out.signed(f.line());
            }
        }
    }
}
