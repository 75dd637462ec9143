package loomscope.attach;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import loomscope.probe.PinnedEvent;
import loomscope.probe.Witness;
import loomscope.recording.MountClass;
import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSource;
import loomscope.scenario.ScenarioParams;
import loomscope.scenario.TaskFileScenario;
import loomscope.workload.Phase;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/**
 * A session's episodes as a {@link RunRecording} like any run's, so that save, summary and export treat an attached
 * application as they treat LoomScope's own runs: the whole session, or its newest episodes for the live view. Reads
 * what the session holds ({@link AttachedEpisodes.Held}) under the session's lock.
 */
final class AttachedRecording {
    /**
     * How far before the newest episodes shown their witnesses are looked for: JFR's arrive about a second after their
     * end, in about their order, a sampled stack at once.
     */
    static final long LIVE_WITNESSES_KEPT_NANOS = TimeUnit.SECONDS.toNanos(10);

    private AttachedRecording() { }

    /**
     * The session as a recording: one lane per carrier in the order seen, the episodes as its mounts with their
     * classes (held as pinned, as a run classed after its end draws it until its witnesses class it); with
     * {@code poolParallelism} known (not {@code Integer.MAX_VALUE}), the lanes past the pool's first
     * {@code poolParallelism} carriers (in the order seen) marked as added by the pool. The application's own code
     * ran, so the run is a {@code task-file} run of its main class; each thread exists from its first episode seen, and
     * no other phase is made up: only the mounts are facts.
     */
    static RunRecording whole(AttachedEpisodes.Held held, String mainClass, int poolParallelism) {
        EpisodeColumns episodes = held.episodes();
        int threadCount = Math.max(1, held.threadCount());
        AttachedLanes lanes = poolParallelism == Integer.MAX_VALUE ? AttachedLanes.all(held.carriers().size())
                : AttachedLanes.of(episodes, 0, null, held.carriers().size(), poolParallelism);
        RecordingBuilder builder = builderFor(held, mainClass, threadCount, poolParallelism, lanes);
        long[] firstSeen = unseen(threadCount);
        for (int i = 0; i < episodes.size(); i++) {
            AttachedEpisodes.Episode e = episodes.get(i);
            MountClass mountClass = e.mountClass() == MountClass.HELD ? MountClass.PINNED : e.mountClass();
            builder.mount(lanes.shown()[e.lane()], e.vt(), e.start(), e.start(), e.end(), mountClass);
            firstSeen[e.vt()] = Math.min(firstSeen[e.vt()], e.start());
        }
        return seenFrom(builder, firstSeen).droppedInTarget(held.dropped()).finish(0, held.lastTime(), 0, false);
    }

    /**
     * The newest episodes as a recording whose mounts the clocks saw blocked are held, not yet classed (a pinned park
     * the agent's hook saw is a pin's witness: pinned), with the witnesses that may explain them into {@code pins} (the
     * hook's pinned parks too, not yet placed on a lane) and {@code seen}.
     */
    static AttachedEpisodes.Newest newestHeld(AttachedEpisodes.Held held, String mainClass, int poolParallelism,
                                              int maxEpisodes, int maxThreads, List<PinnedEvent> pins,
                                              List<Witness> seen) {
        EpisodeColumns episodes = held.episodes();
        List<AttachedEpisodes.Carrier> carriers = held.carriers();
        int from = Math.max(0, episodes.size() - maxEpisodes);
        Map<Integer, Integer> shownIndex = new HashMap<>();
        int[] vtOf = new int[episodes.size() - from];
        for (int i = from; i < episodes.size(); i++) {
            Integer dense = shownIndex.get(episodes.vt(i));
            if (dense == null && shownIndex.size() < maxThreads) {
                dense = shownIndex.size();
                shownIndex.put(episodes.vt(i), dense);
            }
            vtOf[i - from] = dense == null ? -1 : dense;
        }
        AttachedLanes lanes = AttachedLanes.of(episodes, from, vtOf, carriers.size(), poolParallelism);
        RecordingBuilder builder = builderFor(held, mainClass, Math.max(1, shownIndex.size()), poolParallelism, lanes);
        long[] firstSeen = unseen(Math.max(1, shownIndex.size()));
        int shown = 0;
        long firstShown = Long.MAX_VALUE;
        List<PinnedEvent> parks = new ArrayList<>();
        for (int i = from; i < episodes.size(); i++) {
            int vt = vtOf[i - from];
            if (vt >= 0) {
                AttachedEpisodes.Episode e = episodes.get(i);
                builder.mount(lanes.shown()[e.lane()], vt, e.start(), e.start(), e.end(), e.mountClass());
                if (e.pinnedPark()) {
                    parks.add(AttachedClassing.pinnedPark(e, carriers.get(e.lane()).name(), -1));
                }
                firstSeen[vt] = Math.min(firstSeen[vt], e.start());
                firstShown = Math.min(firstShown, e.start());
                shown++;
            }
        }
        // older episodes left out: the recording starts with the first one shown, so that the lanes fitted to it span
        // what they show (from the session's start, a busy target's newest fifth of a second was a sliver at the edge)
        long runStart = from == 0 || shown == 0 ? 0 : Math.min(firstShown, held.lastTime());
        long since = runStart - LIVE_WITNESSES_KEPT_NANOS;
        List<AttachedEpisodes.JfrPin> jfrPins = held.jfrPins();
        for (int i = recentFrom(jfrPins, since); i < jfrPins.size(); i++) {
            pins.add(AttachedClassing.event(jfrPins.get(i), -1));
        }
        // after JFR's: the first pinned witness of a mount is kept, and JFR's names a reason and a stack where the
        // hook's names none (a live pin's site was "(no stack)" while JFR's event for it had arrived)
        pins.addAll(parks);
        List<Witness> witnesses = held.witnesses();
        seen.addAll(witnesses.subList(recentFrom(witnesses, since), witnesses.size()));
        return new AttachedEpisodes.Newest(seenFrom(builder, firstSeen).droppedInTarget(held.dropped())
                .finish(runStart, held.lastTime(), 0, false), shown, shownIndex.size(),
                episodes.size() - (long) shown + episodes.notKept() + held.notKeptHere());
    }

    /**
     * The index from which {@code list} (in arrival order) holds every item that ended at {@code since} or later: found
     * from its end, past the first item that ended {@link #LIVE_WITNESSES_KEPT_NANOS} before it (arrival order is
     * time order within that).
     */
    private static int recentFrom(List<?> list, long since) {
        for (int i = list.size() - 1; i >= 0; i--) {
            Object item = list.get(i);
            long end = item instanceof AttachedEpisodes.JfrPin p ? p.end() : ((Witness) item).end();
            if (end < since - LIVE_WITNESSES_KEPT_NANOS) {
                return i + 1;
            }
        }
        return 0;
    }

    private static long[] unseen(int threads) {
        long[] first = new long[threads];
        Arrays.fill(first, Long.MAX_VALUE);
        return first;
    }

    /**
     * Each thread exists from its first episode seen (its creation is not told: an attached JVM's agent sees mounts
     * only); no other phase is set, so the lanes and field show it mounted or {@code UNMOUNTED}, never a made-up state.
     */
    private static RecordingBuilder seenFrom(RecordingBuilder builder, long[] firstSeen) {
        for (int vt = 0; vt < firstSeen.length; vt++) {
            if (firstSeen[vt] != Long.MAX_VALUE) {
                builder.phase(vt, Phase.CREATED, firstSeen[vt]);
            }
        }
        return builder;
    }

    private static RecordingBuilder builderFor(AttachedEpisodes.Held held, String mainClass, int threadCount,
                                               int poolParallelism, AttachedLanes lanes) {
        int parallelism = Math.max(1, Math.min(Math.min(WorkloadConfig.MAX_PARALLELISM, Math.max(1, lanes.count())),
                poolParallelism));
        WorkloadConfig config = new WorkloadConfig(threadCount, parallelism,
                SchedulerKind.POOL, ThreadKind.VIRTUAL, new ScenarioParams(new TaskFileScenario(),
                        Map.of(TaskFileScenario.CLASS, classNameFor(mainClass), TaskFileScenario.CLASSES, "")));
        RecordingBuilder builder = RecordingBuilder.of(config, held.javaVersion())
                .application(RunSource.Application.of(held.jvm()));
        AttachedEpisodes.Carrier[] byLane = new AttachedEpisodes.Carrier[lanes.count()];
        for (AttachedEpisodes.Carrier c : held.carriers()) {
            if (lanes.shown()[c.lane()] >= 0) {
                byLane[lanes.shown()[c.lane()]] = c;
            }
        }
        for (int lane = 0; lane < byLane.length; lane++) {
            AttachedEpisodes.Carrier c = byLane[lane];
            builder.carrier(lane, c.name(), c.seenAt(), lanes.added()[c.lane()]);
        }
        return builder;
    }

    /**
     * A main class as a task's class name, without the module its launcher names it in ({@code jdk.compiler/…}); a
     * jar path or nothing becomes {@code Attached}.
     */
    static String classNameFor(String mainClass) {
        if (mainClass != null && mainClass.indexOf('/') > 0 && mainClass.indexOf('/') == mainClass.lastIndexOf('/')) {
            mainClass = mainClass.substring(mainClass.indexOf('/') + 1);
        }
        return mainClass != null && mainClass.matches("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*")
                && !mainClass.endsWith(".jar") ? mainClass : "Attached";
    }
}
