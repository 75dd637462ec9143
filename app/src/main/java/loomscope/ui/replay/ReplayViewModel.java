package loomscope.ui.replay;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import loomscope.recording.RunRecording;

/**
 * Slow-motion replay of a finished recording. Position is seconds of recording time since the run started;
 * each pulse advances it by the real time elapsed times {@link #speedProperty()} (motion by elapsed time,
 * not per frame, so a dropped frame does not slow the replay down).
 */
public final class ReplayViewModel {
    /** A 1 s run replays in ~20 s: slow enough to follow single 5 ms sleeps on a few carriers. */
    public static final double DEFAULT_SPEED = 0.05;
    public static final double MIN_SPEED = 0.01;
    public static final double MAX_SPEED = 1.0;
    private static final double FRAME_SECONDS = 1.0 / 60;

    private final ReadOnlyBooleanWrapper available = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyDoubleWrapper duration = new ReadOnlyDoubleWrapper(0);
    private final DoubleProperty position = new SimpleDoubleProperty(0);
    private final DoubleProperty speed = new SimpleDoubleProperty(DEFAULT_SPEED);
    private final BooleanProperty playing = new SimpleBooleanProperty(false);
    private long originNanos;
    private long lastPulse = -1;

    public ReplayViewModel() {
        position.addListener((obs, was, now) -> {
            double d = duration.get();
            double v = now.doubleValue();
            if (v < 0 || v > d) {
                position.set(Math.max(0, Math.min(d, v)));
            }
        });
        speed.addListener((obs, was, now) -> {
            double v = now.doubleValue();
            if (v < MIN_SPEED || v > MAX_SPEED) {
                speed.set(Math.max(MIN_SPEED, Math.min(MAX_SPEED, v)));
            }
        });
    }

    /** Arms the replay for a finished recording; shows its end (the whole trail) until play is pressed. */
    public void load(RunRecording recording) {
        playing.set(false);
        if (recording == null || !recording.isFinished() || recording.runStart() < 0) {
            available.set(false);
            duration.set(0);
            return;
        }
        originNanos = recording.runStart();
        duration.set((endOf(recording) - recording.runStart()) / 1e9);
        position.set(duration.get());
        available.set(true);
    }

    /**
     * Where a finished recording's replay ends: the run's clock stops when the last task is done, a few
     * microseconds before that thread unmounts; ending there would show one thread still "running".
     */
    public static long endOf(RunRecording recording) {
        return recording.settledEnd();
    }

    public void unload() {
        playing.set(false);
        available.set(false);
    }

    /** Called once per pulse with the pulse's timestamp. */
    public void advance(long pulseNanos) {
        long last = lastPulse;
        lastPulse = pulseNanos;
        if (!playing.get() || !available.get() || last < 0) {
            return;
        }
        double next = position.get() + (pulseNanos - last) / 1e9 * speed.get();
        if (next >= duration.get()) {
            position.set(duration.get());
            playing.set(false);
        } else {
            position.set(next);
        }
    }

    /** Play from where it is, or from the start when it sits at the end. */
    public void togglePlay() {
        if (!available.get()) {
            return;
        }
        if (!playing.get() && position.get() >= duration.get()) {
            position.set(0);
        }
        playing.set(!playing.get());
    }

    /** One displayed frame of replay time, forwards (+1) or back (-1); pauses. */
    public void step(int frames) {
        playing.set(false);
        position.set(position.get() + frames * FRAME_SECONDS * speed.get());
    }

    /** Recording time (nanos since its origin) shown now. */
    public long timeNanos() { return originNanos + Math.round(position.get() * 1e9); }

    /** Puts the replay at recording time {@code t} (nanos since origin). */
    public void seekNanos(long t) { position.set((t - originNanos) / 1e9); }

    public ReadOnlyBooleanProperty availableProperty() { return available.getReadOnlyProperty(); }

    public boolean isAvailable() { return available.get(); }

    public ReadOnlyDoubleProperty durationProperty() { return duration.getReadOnlyProperty(); }

    public DoubleProperty positionProperty() { return position; }

    public DoubleProperty speedProperty() { return speed; }

    public BooleanProperty playingProperty() { return playing; }
}
