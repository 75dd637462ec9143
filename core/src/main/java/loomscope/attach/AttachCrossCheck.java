package loomscope.attach;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * JFR's pinned events, recorded inside the target, against the pinned episodes the hooks recorded: an event matches
 * a pinned episode of the same virtual thread (where JFR kept the thread), on the same carrier (where JFR names it,
 * JDK 24+), that overlaps it in time (within {@value #SLACK_NANOS} ns: JFR's instants and the episodes' clock are
 * paired once, at the session's start). Only events of the 1 ms floor or more are expected to match: a shorter pin
 * is not a pinned mount by the carrier clock rule. What is left over on either side is reported.
 */
public record AttachCrossCheck(int events, int eventsAtFloor, int matchedEvents, int pinnedEpisodes,
                               int pinnedEpisodesMatched, String jfrNotTapped) {
    static final long SLACK_NANOS = 1_000_000;
    static final long FLOOR_NANOS = 1_000_000;

    public static AttachCrossCheck of(AttachedEpisodes session) {
        List<AttachedEpisodes.Episode> episodes = session.episodes();
        List<AttachedEpisodes.JfrPin> pins = session.jfrPins();
        Map<Long, Integer> vtOfThreadId = new HashMap<>();
        for (AttachedEpisodes.VirtualThreadSeen t : session.virtualThreads()) {
            vtOfThreadId.put(t.threadId(), t.vt());
        }
        List<AttachedEpisodes.Carrier> carriers = session.carriers();
        // only pinned episodes can match: a few among millions, so each event is held against them alone
        List<AttachedEpisodes.Episode> pinnedEpisodes = new ArrayList<>();
        for (AttachedEpisodes.Episode e : episodes) {
            if (e.heldForSure()) {
                pinnedEpisodes.add(e);
            }
        }
        int pinned = pinnedEpisodes.size();
        int atFloor = 0;
        int matched = 0;
        Set<Integer> episodesMatched = new HashSet<>();
        for (AttachedEpisodes.JfrPin pin : pins) {
            if (pin.duration() < FLOOR_NANOS) {
                continue;
            }
            atFloor++;
            Integer vt = pin.threadId() < 0 ? null : vtOfThreadId.get(pin.threadId());
            boolean found = false;
            for (int i = 0; i < pinnedEpisodes.size(); i++) {
                AttachedEpisodes.Episode e = pinnedEpisodes.get(i);
                if ((vt != null && e.vt() != vt)
                        || (!pin.carrierName().isEmpty() && !carriers.get(e.lane()).name().equals(pin.carrierName()))
                        || e.start() > pin.end() + SLACK_NANOS || e.end() < pin.start() - SLACK_NANOS) {
                    continue;
                }
                found = true;
                episodesMatched.add(i);
            }
            matched += found ? 1 : 0;
        }
        return new AttachCrossCheck(pins.size(), atFloor, matched, pinned, episodesMatched.size(), session.jfrNotTapped());
    }

    /** Whether JFR's pinned events were tapped inside the target (else {@link #jfrNotTapped()} says why not). */
    public boolean jfrTapped() {
        return jfrNotTapped == null;
    }

    public String describe() {
        if (!jfrTapped()) {
            return "Not verified by the JDK: JFR's pinned events were not tapped inside the target (" + jfrNotTapped + ").";
        }
        return String.format(Locale.ROOT, "Verified by the JDK: JFR (inside the target) %,d pinned events, %,d of 1 ms or more, "
                        + "%,d of those matched to held mounts; %,d of %,d held mounts (pinned, captured or stalled) matched by an event.",
                events, eventsAtFloor, matchedEvents, pinnedEpisodesMatched, pinnedEpisodes);
    }
}
