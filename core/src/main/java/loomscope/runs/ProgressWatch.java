package loomscope.runs;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * In the child: says when the run makes no progress, so that a deadlock or a static initializer that never returns is
 * not a silent hang. Progress is any event the stream carries (a mount, an unmount, a thread started or ended); after
 * {@value #REPORT_SECONDS} s without one, and every {@value #REPORT_SECONDS} s after, it sends one {@code X progress}
 * line saying what the run's threads are doing, and an empty one when progress resumes. What it reads is safe while
 * virtual threads churn: {@code Thread.getState()} of each, {@code getStackTrace()} of at most
 * {@value #STACKS_TAKEN} (never a HotSpot thread dump: polled during virtual-thread churn it crashes JDK 25, JDK-8359870),
 * and only after {@value #REPORT_SECONDS} s in which no virtual thread mounted or unmounted; it costs nothing while the run progresses (one
 * volatile read a second).
 */
final class ProgressWatch {
    static final String KIND = "progress";
    /** Sent once the child's checks passed, just before it loads (and initialises) the run's classes. */
    static final String PREPARING = "preparing";
    static final int REPORT_SECONDS = 5;
    private static final int STACKS_TAKEN = 64;
    private static final int PLACES_NAMED = 3;

    private final EventStreamer streamer;
    private final Supplier<Watched> threads;
    private final Thread watcher;

    /** The threads that matter now and what they are doing: "the run" or "the run has not started: loading its classes". */
    record Watched(String what, List<Thread> threads) { }

    private ProgressWatch(EventStreamer streamer, Supplier<Watched> threads) {
        this.streamer = streamer;
        this.threads = threads;
        this.watcher = new Thread(this::watch, "loomscope-progress-watch");
        watcher.setDaemon(true);
    }

    /** Watches the run whose threads {@code threads} gives (those that matter now: the main thread while loading). */
    static ProgressWatch start(EventStreamer streamer, Supplier<Watched> threads) {
        ProgressWatch watch = new ProgressWatch(streamer, threads);
        watch.watcher.start();
        return watch;
    }

    private void watch() {
        long seen = streamer.eventsWritten();
        long since = System.nanoTime();
        int reported = 0;
        while (true) {
            try {
                TimeUnit.SECONDS.sleep(1);
            } catch (InterruptedException e) {
                return;
            }
            long now = streamer.eventsWritten();
            if (now != seen) {
                seen = now;
                since = System.nanoTime();
                if (reported > 0) {
                    streamer.sendLine(Wire.PROBE + " " + KIND);
                    reported = 0;
                }
                continue;
            }
            long stalledSeconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - since);
            if (stalledSeconds >= (long) REPORT_SECONDS * (reported + 1)) {
                reported = (int) (stalledSeconds / REPORT_SECONDS);
                streamer.sendLine(Wire.PROBE + " " + KIND + " " + describe(reported * REPORT_SECONDS, threads.get()));
            }
        }
    }

    /** "no progress for 5 s: the run: 2 of 2 threads alive (2 BLOCKED): 1 at Deadlock.run(Deadlock.java:9), …". */
    static String describe(long seconds, Watched watched) {
        List<Thread> threads = watched.threads();
        Map<Thread.State, Integer> states = new EnumMap<>(Thread.State.class);
        Map<String, Integer> places = new LinkedHashMap<>();
        int alive = 0;
        for (Thread t : threads) {
            Thread.State state = t.getState();
            if (state == Thread.State.TERMINATED || state == Thread.State.NEW) {
                continue;
            }
            alive++;
            states.merge(state, 1, Integer::sum);
            if (alive <= STACKS_TAKEN) {
                places.merge(place(t.getStackTrace()), 1, Integer::sum);
            }
        }
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "no progress for %d s: %s: %,d of %,d threads alive",
                seconds, watched.what(), alive, threads.size()));
        if (alive > 0) {
            s.append(" (").append(states.entrySet().stream().map(e -> e.getValue() + " " + e.getKey())
                    .collect(Collectors.joining(", "))).append(')');
            List<Map.Entry<String, Integer>> byCount = new ArrayList<>(places.entrySet());
            byCount.sort((a, b) -> b.getValue() - a.getValue());
            s.append(": ").append(byCount.stream().limit(PLACES_NAMED).map(e -> e.getValue() + " " + e.getKey())
                    .collect(Collectors.joining(", ")));
            if (byCount.size() > PLACES_NAMED) {
                s.append(", …");
            }
        }
        return s.toString();
    }

    /** Where a thread is in the task's code: its topmost frame outside the JDK and LoomScope, else its top frame. */
    static String place(StackTraceElement[] frames) {
        if (frames.length == 0) {
            return "with no frames";
        }
        StackTraceElement where = frames[0];
        for (StackTraceElement f : frames) {
            String c = f.getClassName();
            if (!c.startsWith("java.") && !c.startsWith("jdk.") && !c.startsWith("sun.") && !c.startsWith("loomscope.")) {
                where = f;
                break;
            }
        }
        String at = where.getFileName() == null ? "" : where.getFileName() + ":" + where.getLineNumber();
        if (where.getMethodName().equals("<clinit>")) {
            return "in <clinit> of " + where.getClassName() + (at.isEmpty() ? "" : " at " + at);
        }
        return "at " + where.getClassName() + "." + where.getMethodName() + (at.isEmpty() ? "" : "(" + at + ")");
    }
}
