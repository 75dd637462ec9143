package loomscope.report;

import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import loomscope.picture.Look;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.recording.TimeAxis;

/**
 * A card's carrier lanes over a range of its run ({@link TimingCard.Lanes}): a heading with the range, a lane per
 * carrier whose every pixel column is in the look the window gives it ({@link LanePainter}), the axis labelled in time
 * since the run's start, and a legend of every look the lanes show. A timing screenshot of one pin is a slide.
 */
final class CardLanesPainter {
    private static final double HEADING = 50;
    private static final double LEGEND_TOP = 104;
    private static final double LEGEND_ROW = 40;
    private static final double LABEL = 150;
    private static final double AXIS = 46;
    private static final int MAX_TICKS = 5;

    private final Graphics2D g;
    private final CardInk ink;
    private final ClipColours colours;
    private final double scale;
    /** Where the last card put lane {@code c}'s trail, in device pixels (for tests that read them). */
    private final List<Rectangle> trails = new ArrayList<>();

    CardLanesPainter(Graphics2D g, CardInk ink, ClipColours colours, double scale) {
        this.g = g;
        this.ink = ink;
        this.colours = colours;
        this.scale = scale;
    }

    /** The lanes in the layout rectangle (x, y, width, height); returns where each carrier's trail went. */
    List<Rectangle> paint(TimingCard.Lanes lanes, double x, double y, double width, double height) {
        RunRecording r = lanes.recording();
        TimeAxis axis = lanes.range();
        CarrierLog[] logs = r.carriers();
        ink.fitted("lanes-title", "Carriers " + range(r, axis), Font.BOLD, 40, 28, width, colours.text, x, y + HEADING);
        LanePainter painter = new LanePainter(colours);
        List<Look> shown = ClipFramePainter.looksShown(r, logs, axis, axis.end());
        double legendBottom = legend(shown, x, y + LEGEND_TOP, width);
        double top = legendBottom + 24;
        double bottom = y + height - AXIS;
        double laneStep = (bottom - top) / Math.max(1, logs.length);
        double gap = laneStep >= 24 ? 6 : laneStep >= 8 ? 2 : 0;
        double trailX = x + LABEL;
        double trailW = width - LABEL;
        double labelSize = Math.min(28, laneStep * 0.5);
        for (int c = 0; c < logs.length; c++) {
            double laneY = top + c * laneStep;
            double h = Math.max(1, laneStep - gap);
            if (labelSize >= 12) {
                ink.text("lane", "carrier " + c, CardInk.font(Font.BOLD, labelSize), logs[c].addedByPool() ? colours.pool
                        : colours.text, x, laneY + h / 2 + labelSize * 0.35, CardInk.Align.LEFT);
            }
            Rectangle trail = device(trailX, laneY, trailW, h);
            g.setColor(colours.lane);
            g.fillRect((int) trailX, (int) laneY, (int) trailW, (int) Math.ceil(h));
            painter.trail(g, r, logs[c], axis, axis.end(), trail);
            trails.add(trail);
        }
        Font font = CardInk.font(Font.PLAIN, 26);
        for (TimeAxis.Tick tick : axis.ticks(r.runStart(), MAX_TICKS)) {
            double at = axis.x(tick.time(), trailX, trailW);
            ink.text("axis", tick.label(), font, colours.muted, at, bottom + 34, at <= trailX + 1 ? CardInk.Align.LEFT
                    : at >= trailX + trailW - 1 ? CardInk.Align.RIGHT : CardInk.Align.CENTER);
        }
        return List.copyOf(trails);
    }

    /** The legend's swatches, wrapped at {@code width}; returns the bottom of its last row. */
    private double legend(List<Look> looks, double x, double y, double width) {
        Font font = CardInk.font(Font.PLAIN, 26);
        double at = x;
        double row = y;
        for (Look look : looks) {
            double itemWidth = 34 + ink.width(look.legend(), font) + 32;
            if (at > x && at + itemWidth > x + width) {
                at = x;
                row += LEGEND_ROW;
            }
            g.setPaint(colours.of(look));
            g.fillRect((int) at, (int) (row - 20), 24, 24);
            ink.text("legend", look.legend(), font, colours.text, at + 34, row, CardInk.Align.LEFT);
            at += itemWidth;
        }
        return row + 8;
    }

    private Rectangle device(double x, double y, double w, double h) {
        int left = (int) Math.round(x * scale);
        int top = (int) Math.round(y * scale);
        return new Rectangle(left, top, (int) Math.round((x + w) * scale) - left,
                Math.max(1, (int) Math.round((y + h) * scale) - top));
    }

    /** "12.5–13 s of 72.1 s", "the whole run, 0.82 s": what the lanes cover, in time since the run's start. */
    static String range(RunRecording r, TimeAxis axis) {
        long length = r.settledEnd() - r.runStart();
        if (axis.start() == r.runStart() && axis.span() >= length) {
            return String.format(Locale.ROOT, "over the whole run, %s", RunRange.seconds(length).replace("s", " s"));
        }
        return String.format(Locale.ROOT, "%s–%s of %s", RunRange.seconds(axis.start() - r.runStart()).replace("s", ""),
                RunRange.seconds(axis.end() - r.runStart()).replace("s", " s"), RunRange.seconds(length).replace("s", " s"));
    }
}
