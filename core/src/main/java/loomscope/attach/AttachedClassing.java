package loomscope.attach;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import loomscope.probe.CauseClassifier;
import loomscope.probe.CauseReport;
import loomscope.probe.LiveCauses;
import loomscope.probe.PinnedEvent;
import loomscope.probe.Witness;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;

/**
 * Why a session's carriers were held: its recording's held mounts classed ({@link CauseClassifier}) by the witnesses
 * the agent sent — JFR's pinned events, the agent's pinned-park hook and JFR's other witnesses ({@code W} lines) — once
 * the session is over, or live on the newest episodes ({@link AttachedEpisodes#newest}).
 */
final class AttachedClassing {
    /** What a pinned park the agent's hook saw is called where it is a mount's witness. */
    static final String PINNED_PARK = "parked while pinned (LoomScope's hook in VirtualThread.parkOnCarrierThread)";

    private AttachedClassing() { }

    /**
     * {@code session}'s whole recording with every held mount classed. {@code everythingArrived}: the agent confirmed
     * its end (detach or the target's exit), so JFR's last events are in; else nothing is classed and the report says
     * so. Without JFR's tap the agent's hook is the only witness, which the report says too; {@code targetExited}: the
     * session ended with the target's exit, when JFR stops without delivering its last second, which the report says.
     */
    static AttachedEpisodes.Classified classified(AttachedEpisodes session, String mainClass, int poolParallelism,
                                                  boolean everythingArrived, boolean targetExited) {
        RunRecording recording = session.toRecording(mainClass, poolParallelism);
        if (!everythingArrived) {
            return new AttachedEpisodes.Classified(recording, CauseClassifier.notClassified(recording,
                    "the agent did not confirm that it sent everything, so JFR's last events may be missing"));
        }
        Map<String, Integer> indexByName = indexByName(recording);
        List<PinnedEvent> pins = new ArrayList<>();
        List<Witness> seen;
        String notTapped;
        synchronized (session) {
            AttachedEpisodes.Held held = session.held(mainClass);
            for (AttachedEpisodes.JfrPin pin : held.jfrPins()) {
                pins.add(event(pin, indexByName.getOrDefault(pin.carrierName(), -1)));
            }
            String[] nameByLane = new String[held.carriers().size()];
            for (AttachedEpisodes.Carrier c : held.carriers()) {
                nameByLane[c.lane()] = c.name();
            }
            EpisodeColumns episodes = held.episodes();
            for (int i = 0; i < episodes.size(); i++) {
                AttachedEpisodes.Episode e = episodes.get(i);
                if (e.pinnedPark()) {
                    String name = nameByLane[e.lane()];
                    pins.add(pinnedPark(e, name, indexByName.getOrDefault(name, -1)));
                }
            }
            seen = List.copyOf(held.witnesses());
            notTapped = held.jfrNotTapped();
        }
        CauseReport causes = CauseClassifier.classify(recording, pins, seen, true);
        if (notTapped != null) {
            causes = causes.noted("JFR was not tapped inside the target (" + notTapped
                    + "): the agent's pinned-park hook was the only witness");
        } else if (targetExited) {
            causes = causes.noted("the target exited, and JFR's events of its last second or so never arrived: a held "
                    + "mount in it that the agent's hook did not see park pinned is unsure");
        }
        return new AttachedEpisodes.Classified(recording, causes);
    }

    /**
     * The newest episodes' held mounts classed live by {@code pins} (not yet placed: placed here by their carriers'
     * names on its lanes) and {@code seen}, up to {@link LiveCauses#SETTLE_NANOS} before its end: outside the session's
     * lock, on a copy, while the reader goes on taking the agent's lines.
     */
    static void classLive(RunRecording newest, List<PinnedEvent> pins, List<Witness> seen) {
        Map<String, Integer> indexByName = indexByName(newest);
        List<PinnedEvent> placed = new ArrayList<>(pins.size());
        for (PinnedEvent p : pins) {
            placed.add(new PinnedEvent(p.start(), p.duration(), p.carrierName(),
                    p.carrierName() == null ? -1 : indexByName.getOrDefault(p.carrierName(), -1), p.reason(),
                    p.blockingOperation(), p.stack(), p.arrivedAt()));
        }
        CauseClassifier.classifyLive(newest, placed, seen, newest.runStart(), newest.runEnd() - LiveCauses.SETTLE_NANOS);
    }

    /** JFR's events as a saved run keeps them, placed on the lanes by carrier name where JFR gives one. */
    static List<PinnedEvent> placedOnLanes(AttachedEpisodes.Held held) {
        Map<String, Integer> laneByName = new HashMap<>();
        for (AttachedEpisodes.Carrier c : held.carriers()) {
            laneByName.put(c.name(), c.lane());   // the last of a name, as the CLI's saves always placed them
        }
        List<PinnedEvent> events = new ArrayList<>(held.jfrPins().size());
        for (AttachedEpisodes.JfrPin pin : held.jfrPins()) {
            events.add(event(pin, laneByName.getOrDefault(pin.carrierName(), -1)));
        }
        return events;
    }

    /** A JFR pinned event as a witness on lane {@code index} (-1: none); a carrier JFR did not name is null. */
    static PinnedEvent event(AttachedEpisodes.JfrPin pin, int index) {
        return new PinnedEvent(pin.start(), pin.duration(), pin.carrierName().isEmpty() ? null : pin.carrierName(),
                index, pin.reason(), pin.blockingOperation(), pin.stack(), pin.end());
    }

    /** A pinned park the agent's hook saw in {@code e}, as a witness on lane {@code index} (-1: none) of {@code carrier}. */
    static PinnedEvent pinnedPark(AttachedEpisodes.Episode e, String carrier, int index) {
        return new PinnedEvent(e.start(), e.end() - e.start(), carrier, index, PINNED_PARK, null, List.of(), e.end());
    }

    private static Map<String, Integer> indexByName(RunRecording recording) {
        Map<String, Integer> indexByName = new HashMap<>();
        CarrierLog[] logs = recording.carriersByIndex();
        for (int i = 0; i < logs.length; i++) {
            if (logs[i] != null) {
                indexByName.put(logs[i].name(), i);
            }
        }
        return indexByName;
    }
}
