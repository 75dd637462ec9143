package loomscope.recording;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The lanes' time axis, the same for the window, replay and clips: which span of the recording's clock lies under a
 * lane, left to right, and its grid with labels a person can read.
 * <ul>
 * <li>A finished run shown whole ({@code fit}) spans the run, from its start to the last unmount: a 0.1 s run fills
 * the lane, as a 30 s one does.</li>
 * <li>Otherwise the lane is a trail of {@code trailNanos}: while the run is younger than that it is drawn from its
 * start, filling in to the right; from then on the trail slides and ends at t ({@link #sliding()}).</li>
 * </ul>
 * Spans are drawn up to t only: the part of the axis after t is empty.
 *
 * @param start the recording time at the lane's left edge
 * @param span  the recording time the lane's width stands for, at least 1 ns
 * @param sliding whether the right edge is t (labels count back from it) rather than a fixed instant of the run
 */
public record TimeAxis(long start, long span, boolean sliding) {

    public TimeAxis {
        span = Math.max(1, span);
    }

    /** The axis of {@code recording} at {@code t}. */
    public static TimeAxis of(RunRecording recording, long t, long trailNanos, boolean fit) {
        return of(recording, t, trailNanos, fit, 0);
    }

    /** The same; a finished run shown whole spans at least {@code fitSpanAtLeast} (two runs side by side share one scale). */
    public static TimeAxis of(RunRecording recording, long t, long trailNanos, boolean fit, long fitSpanAtLeast) {
        long runStart = recording.runStart();
        if (fit && recording.isFinished()) {
            return new TimeAxis(runStart, Math.max(recording.settledEnd() - runStart, fitSpanAtLeast), false);
        }
        if (t - runStart <= trailNanos) {
            return new TimeAxis(runStart, trailNanos, false);
        }
        return new TimeAxis(t - trailNanos, trailNanos, true);
    }

    /** The right edge's recording time. */
    public long end() { return start + span; }

    /** Where {@code time} is on a lane that starts at {@code x} and is {@code width} wide. */
    public double x(long time, double x, double width) {
        return x + (time - start) * width / span;
    }

    /** A grid line and its label. */
    public record Tick(long time, String label) { }

    /**
     * The grid: for a sliding trail one line a second back from t ("t", "-1 s", ...); for a fixed axis lines at a
     * round step (1, 2 or 5 times a power of ten) from the run's start, at most {@code maxTicks} + 1, labelled in the
     * unit the step reads best in ("0", "20 ms", "40 ms"; "0", "0.5 s", "1 s").
     */
    public List<Tick> ticks(long runStart, int maxTicks) {
        List<Tick> ticks = new ArrayList<>();
        if (sliding) {
            // whole seconds back from t once the trail is 2 s or longer; a round step below a second on a shorter one
            long second = 1_000_000_000L;
            long step = span >= 2 * second ? Math.max(second, roundStep(span, Math.max(1, maxTicks)))
                    : roundStep(span, Math.max(1, maxTicks));
            for (long back = 0; back <= span && ticks.size() <= maxTicks; back += step) {
                ticks.add(new Tick(end() - back, back == 0 ? "t" : "-" + label(back, step)));
            }
            return ticks;
        }
        long step = roundStep(span, Math.max(1, maxTicks));
        long first = runStart + Math.floorDiv(start - runStart + step - 1, step) * step;
        for (long time = first; time <= end(); time += step) {
            ticks.add(new Tick(time, label(time - runStart, step)));
            if (time > end() - step) {   // and never past Long.MAX_VALUE
                break;
            }
        }
        return ticks;
    }

    /** Steps past ten seconds: half and whole minutes, then the minutes a clock's face counts in. */
    private static final long[] MINUTE_STEPS = {15, 30, 60, 120, 300, 600, 900, 1_800, 3_600, 7_200, 18_000, 36_000, 86_400};

    /**
     * The smallest of 1, 2, 5 x 10^k ns with at most {@code maxTicks} steps in {@code span}; past 10 s, of 15 s, 30 s
     * and whole minutes (an hour's axis reads "10 min", "20 min", not "1000 s").
     */
    static long roundStep(long span, int maxTicks) {
        long least = Math.max(1, span / maxTicks + (span % maxTicks == 0 ? 0 : 1));
        if (least > 10_000_000_000L) {
            for (long seconds : MINUTE_STEPS) {
                if (seconds * 1_000_000_000L >= least) {
                    return seconds * 1_000_000_000L;
                }
            }
        }
        for (long power = 1; power <= Long.MAX_VALUE / 10; power *= 10) {
            for (long m : new long[] {1, 2, 5}) {
                if (m * power >= least) {
                    return m * power;
                }
            }
        }
        return least;
    }

    /**
     * {@code nanos} since the run's start in one unit for the whole axis, the one its step reads best in: "0",
     * "250 µs", "20 ms", "1.5 s", "1:30", "10 min" (a 4 s axis of 0.5 s steps says "0.5 s", not "500 ms" beside
     * "1.0 s"). A second or more into a run at a fine step (1 ms shown 12 s in) a label counted in the step's unit
     * would be long ("12340100 µs", "19650 ms"): seconds with the step's decimals ("12.3401 s", "19.65 s") read better.
     */
    static String label(long nanos, long step) {
        if (nanos == 0) {
            return "0";
        }
        if (step >= 60_000_000_000L && step % 60_000_000_000L == 0) {
            return nanos / 60_000_000_000L + " min";
        }
        if (step >= 15_000_000_000L) {
            long seconds = nanos / 1_000_000_000L;
            return String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60);
        }
        if (step < 100_000_000L && Math.abs(nanos) >= 1_000_000_000L) {
            int places = (int) Math.min(9, Math.ceil(-Math.log10(step / 1e9) - 1e-9));
            return String.format(Locale.ROOT, "%." + places + "f s", nanos / 1e9);
        }
        if (step >= 100_000_000L) {
            return decimals(nanos / 1e9, step / 1e9) + " s";
        }
        if (step >= 1_000_000L) {
            return decimals(nanos / 1e6, step / 1e6) + " ms";
        }
        if (step >= 1_000L) {
            return decimals(nanos / 1e3, step / 1e3) + " µs";
        }
        return nanos + " ns";
    }

    private static String decimals(double value, double step) {
        int places = step >= 1 ? 0 : step >= 0.1 ? 1 : 2;
        return String.format(Locale.ROOT, "%." + places + "f", value);
    }
}
