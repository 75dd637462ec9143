package loomscope.ui.presentation;

import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.util.Duration;

/**
 * Elapsed talk time for the speaker: starts when presentation mode is first entered. One FX timeline
 * ticking twice a second; the text changes once a second.
 */
public final class TalkClock {
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper("not started");
    private final Timeline ticker = new Timeline(new KeyFrame(Duration.millis(500), e -> update()));
    private long startedNanos = -1;

    public TalkClock() {
        ticker.setCycleCount(Timeline.INDEFINITE);
    }

    /** Starts the clock if it is not running. */
    public void start() {
        if (startedNanos < 0) {
            startedNanos = System.nanoTime();
            update();
            ticker.play();
        }
    }

    /** Back to zero (a rehearsal before the real talk). */
    public void restart() {
        startedNanos = System.nanoTime();
        update();
        ticker.play();
    }

    public ReadOnlyStringProperty textProperty() { return text.getReadOnlyProperty(); }

    private void update() {
        long seconds = (System.nanoTime() - startedNanos) / 1_000_000_000L;
        text.set(String.format("%d:%02d", seconds / 60, seconds % 60));
    }
}
