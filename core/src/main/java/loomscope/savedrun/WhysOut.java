package loomscope.savedrun;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import loomscope.recording.CarrierLog;
import loomscope.recording.MountWhy;
import loomscope.recording.RunRecording;

/**
 * What the JDK's witnesses said of the held mounts (format 4): each mount's reason, site and stack, so that a saved
 * run's inspector and Where table show what the run's did. As for the pinned events ({@link PinnedEventsOut}), every
 * distinct text and every distinct stack is written once: a run's thousands of held mounts have a few sites.
 */
final class WhysOut {
    private final TextTable strings = new TextTable();
    private final Map<List<String>, Integer> stacks = new LinkedHashMap<>();

    private WhysOut() { }

    private record Kept(CarrierLog log, int mount, MountWhy why) { }

    static void write(RunRecording recording, BinaryOut out) throws IOException {
        List<Kept> kept = new ArrayList<>();
        if (recording.hasWhys()) {
            for (CarrierLog log : recording.carriers()) {
                int size = log.size();
                for (int i = 0; i < size; i++) {
                    MountWhy why = recording.whyOf(log.index(), i);
                    if (why != null) {
                        kept.add(new Kept(log, i, why));
                    }
                }
            }
        }
        WhysOut tables = new WhysOut();
        int[] stackOf = new int[kept.size()];
        for (int k = 0; k < kept.size(); k++) {
            MountWhy why = kept.get(k).why();
            tables.strings.intern(why.reason());
            tables.strings.intern(why.site());
            stackOf[k] = tables.stack(why.frames());
        }
        tables.strings.write(out);
        out.varint(tables.stacks.size());
        for (List<String> stack : tables.stacks.keySet()) {
            out.varint(stack.size());
            for (String frame : stack) {
                out.varint(tables.ref(frame));
            }
        }
        out.varint(kept.size());
        for (int k = 0; k < kept.size(); k++) {
            Kept w = kept.get(k);
            out.varint(w.log().index());
            out.varint(w.mount());
            out.varint(LoomRunFormat.causeCode(w.why().cause()));
            out.varint(tables.ref(w.why().reason()));
            out.varint(tables.ref(w.why().site()));
            out.varint(stackOf[k]);
            out.signed(w.why().witnessAt() - w.log().start(w.mount()));
            out.varint(Math.max(0, w.why().heldNanos()));
        }
    }

    private int stack(List<String> frames) {
        Integer known = stacks.get(frames);
        if (known != null) {
            return known;
        }
        frames.forEach(strings::intern);
        int index = stacks.size();
        stacks.put(frames, index);
        return index;
    }

    private int ref(String s) {
        return strings.ref(s);
    }
}
