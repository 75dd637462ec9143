package loomscope.savedrun;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import loomscope.recording.CarrierLog;
import loomscope.recording.MountClass;
import loomscope.recording.MountWhy;
import loomscope.recording.RunRecording;

/**
 * Reads back what {@link WhysOut} wrote and gives each held mount its witness's word again. Every count is held to what
 * the bytes left can hold and to the memory a saved run may take before anything is allocated for it; every reference
 * to the table it points into, and every mount to one the file recorded.
 */
final class WhysIn {
    /** The fewest bytes a kept word takes: eight fields of at least one byte. */
    private static final int MIN_WHY_BYTES = 8;
    /** A {@link MountWhy} and its map entry in the recording. */
    private static final long WHY = 96;

    private WhysIn() { }

    static void read(BinaryIn in, RunRecording recording, MemoryBudget memory) throws IOException {
        List<String> strings = PinnedEventsIn.readStrings(in, memory);
        int stackCount = in.count("the number of witness stacks", Math.min(LoomRunFormat.MAX_EVENTS, in.remaining()));
        memory.take("witness stacks", stackCount, MemoryBudget.FRAME);
        List<List<String>> stacks = new ArrayList<>(stackCount);
        for (int s = 0; s < stackCount; s++) {
            int depth = in.count("witness stack " + s + "'s depth", Math.min(LoomRunFormat.MAX_FRAMES, in.remaining()));
            memory.take("witness stack " + s + "'s frames", depth, 8);
            List<String> frames = new ArrayList<>(depth);
            for (int f = 0; f < depth; f++) {
                String frame = ref(in, strings, "witness stack " + s + "'s frame " + f);
                if (frame == null) {
                    throw new SavedRunFormatException("witness stack " + s + " has an empty frame");
                }
                frames.add(frame);
            }
            stacks.add(List.copyOf(frames));
        }
        int count = in.count("the number of held mounts explained", Math.min(LoomRunFormat.MAX_MOUNTS, in.remaining() / MIN_WHY_BYTES));
        memory.take("held mounts explained", count, WHY);
        CarrierLog[] carriers = recording.carriersByIndex();
        for (int k = 0; k < count; k++) {
            String what = "explained mount " + k;
            int carrier = in.count(what + "'s carrier", carriers.length - 1L);
            CarrierLog log = carriers[carrier];
            if (log == null) {
                throw new SavedRunFormatException(what + " names carrier " + carrier + ", which the run does not have");
            }
            int mount = in.count(what + "'s mount", log.size() - 1L);
            MountClass cause = LoomRunFormat.causeOf(in.count(what + "'s cause", LoomRunFormat.CAUSE_CODES - 1L));
            String reason = ref(in, strings, what + "'s reason");
            String site = ref(in, strings, what + "'s site");
            if (site == null) {
                throw new SavedRunFormatException(what + " has no site");
            }
            List<String> frames = stacks.get(in.count(what + "'s stack", stacks.size() - 1L));
            long witnessAt = log.start(mount) + in.signed();
            long held = in.varint();
            if (Math.abs(witnessAt) > LoomRunFormat.MAX_RUN_NANOS || held < 0 || held > LoomRunFormat.MAX_RUN_NANOS) {
                throw new SavedRunFormatException(what + " has an impossible time");
            }
            recording.setWhy(carrier, mount, new MountWhy(cause, reason, frames, witnessAt, site, held));
        }
    }

    private static String ref(BinaryIn in, List<String> strings, String what) throws IOException {
        return PinnedEventsIn.ref(in, strings, what);
    }
}
