package loomscope.ui.recordingview;

import loomscope.picture.StateTimeline;
import loomscope.ui.theme.Palette;

/**
 * What a canvas last drew: the instant, the run's timeline, the canvas's size, the palette and how many mounts were
 * classed then. A frame that would draw all of it again is skipped (a paused replay of a finished run repaints nothing).
 * Asked once a pulse and reused: it allocates nothing.
 */
final class ShownFrame {
    private long t = Long.MIN_VALUE;
    private StateTimeline timeline;
    private double width;
    private double height;
    private Palette palette;
    private int classed;

    /** Whether this frame differs from the one shown last, which it then becomes. */
    boolean changedTo(long t, StateTimeline timeline, double width, double height, Palette palette, int classed) {
        boolean changed = t != this.t || timeline != this.timeline || width != this.width || height != this.height
                || palette != this.palette || classed != this.classed;
        this.t = t;
        this.timeline = timeline;
        this.width = width;
        this.height = height;
        this.palette = palette;
        this.classed = classed;
        return changed;
    }

    /** The next frame is drawn whatever it shows. */
    void forget() {
        t = Long.MIN_VALUE;
        timeline = null;
    }
}
