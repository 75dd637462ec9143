package loomscope.report;

import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import loomscope.picture.LaneLooks;
import loomscope.picture.Look;
import loomscope.picture.PictureTheme;
import loomscope.picture.StateTimeline;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.recording.TimeAxis;
import loomscope.recording.VtState;

/**
 * One frame of an animated replay, drawn with Java2D from the recording alone: the title and the run's facts,
 * the replay clock, a legend of every look its lanes show, a lane per carrier (its mounts in the plan's range, each pixel
 * column in the look {@link LaneLooks} decides, as in the window, and the thread on it now) and the thread field. Laid out at 1920x1080 and scaled, like the timing card. Reuses its image.
 */
final class ClipFramePainter {
    private static final double MARGIN = 64;
    private static final double LANE_LABEL = 250;
    private static final double BOX = 230;
    private static final double LANES_TOP = 250;
    private static final double LANES_HEIGHT = 340;
    /** The field starts under the lanes, wherever they end, but leaves the field at least this much room. */
    private static final double FIELD_TOP_LATEST = 700;
    private static final double FIELD_BOTTOM = 1010;

    private final RunRecording recording;
    private final StateTimeline timeline;
    private final CardSize size;
    private final String title;
    private final ClipPlan plan;
    private final BufferedImage image;
    private final byte[] states;
    private final int[] counts = new int[VtState.COUNT];
    private final CarrierLog[] carriers;
    private final ClipField field;
    private final TimeAxis axis;
    private final List<TimeAxis.Tick> ticks;
    private final double laneHeight;
    private final double laneGap;
    private final double fieldTop;
    private final ClipColours colours;
    private final LanePainter lanes;
    /** The looks the clip's lanes show at some frame, in the legend's order. */
    private final List<Look> shown;

    /** A clip in the window's {@code theme}: a run exported from the light theme is light. */
    ClipFramePainter(RunRecording recording, CardSize size, String title, ClipPlan plan, PictureTheme theme) {
        this.recording = recording;
        this.colours = ClipColours.of(theme);
        this.lanes = new LanePainter(colours);
        this.timeline = new StateTimeline(recording);
        this.size = size;
        this.title = title;
        this.plan = plan;
        this.image = new BufferedImage(size.width(), size.height(), BufferedImage.TYPE_INT_RGB);
        this.states = new byte[recording.threads()];
        this.carriers = recording.carriers();
        double s = size.scale();
        this.laneHeight = Math.min(110, LANES_HEIGHT / Math.max(1, carriers.length));
        this.laneGap = laneHeight >= 40 ? 8 : laneHeight >= 12 ? 2 : 0;
        this.fieldTop = Math.min(FIELD_TOP_LATEST, LANES_TOP + Math.max(1, carriers.length) * laneHeight + 110);
        this.field = new ClipField(colours, recording.threads(), (int) Math.round(MARGIN * s), (int) Math.round(fieldTop * s),
                (int) Math.round((CardSize.LAYOUT_WIDTH - 2 * MARGIN) * s), (int) Math.round((FIELD_BOTTOM - fieldTop) * s), s);
        // the lanes span the plan's range (the whole run, as the window's do for a finished run) and fill in up to t
        this.axis = plan.axis();
        this.ticks = axis.ticks(recording.runStart(), MAX_TICKS);
        this.shown = looksShown(recording, carriers, axis, plan.settled());
    }

    /** Every look some lane shows over {@code axis} by {@code upTo}: the legend's entries, fixed for the whole clip. */
    static List<Look> looksShown(RunRecording recording, CarrierLog[] carriers, TimeAxis axis, long upTo) {
        LaneLooks looks = new LaneLooks();
        byte[] columns = new byte[COLUMNS_SEEN];
        boolean[] seen = new boolean[Look.COUNT];
        for (CarrierLog log : carriers) {
            looks.columns(recording, log, axis.start(), axis.end(), upTo, columns.length, columns);
            for (byte b : columns) {
                seen[b] = true;
            }
        }
        List<Look> out = new ArrayList<>();
        for (Look look : LEGEND_ORDER) {
            if (seen[look.ordinal()] || look == Look.RUNNING || look == Look.PINNED || look == Look.IDLE) {
                out.add(look);
            }
        }
        return List.copyOf(out);
    }

    /** As many columns as a 1920-wide frame's lane has at most: every look a frame can show is found. */
    private static final int COLUMNS_SEEN = 4096;

    /** Running and pinned first (every legend has them), then how else a carrier was held, then idle. */
    private static final List<Look> LEGEND_ORDER = List.of(Look.RUNNING, Look.PINNED, Look.UNSURE, Look.CAPTURED,
            Look.STALLED, Look.HELD, Look.IDLE);

    /** The looks the legend explains. */
    List<Look> legendLooks() { return shown; }

    BufferedImage image() { return image; }

    /** The colours its frames are drawn with (a GIF's palette starts with them). */
    ClipColours colours() { return colours; }

    /** The thread field: where its cells are in the frame (for tests that read the frame's pixels). */
    ClipField field() { return field; }

    /** Where carrier {@code c}'s box (the thread on it at t) is in the frame, in device pixels. */
    Rectangle boxBounds(int c) {
        double s = size.scale();
        double y = LANES_TOP + c * laneHeight;
        return new Rectangle((int) Math.round(boxX() * s), (int) Math.round(y * s), (int) Math.round(BOX * s),
                (int) Math.round(Math.max(1, laneHeight - laneGap) * s));
    }

    /** Where carrier {@code c}'s trail (the run on its {@link #axis()}, left to right) is, in device pixels. */
    Rectangle trailBounds(int c) {
        double s = size.scale();
        double y = LANES_TOP + c * laneHeight;
        return new Rectangle((int) Math.round(trailX() * s), (int) Math.round(y * s),
                (int) Math.round(trailWidth() * s), (int) Math.round(Math.max(1, laneHeight - laneGap) * s));
    }

    /** The lanes' time axis: the whole run. */
    TimeAxis axis() { return axis; }

    private static double boxX() { return CardSize.LAYOUT_WIDTH - MARGIN - BOX; }

    private static double trailX() { return MARGIN + LANE_LABEL; }

    private static double trailWidth() { return boxX() - 24 - trailX(); }

    BufferedImage paint(long t) {
        timeline.statesAt(t, states);
        Arrays.fill(counts, 0);
        for (byte b : states) {
            counts[b]++;
        }
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(colours.background);
            g.fillRect(0, 0, image.getWidth(), image.getHeight());
            g.scale(size.scale(), size.scale());
            CardInk ink = new CardInk(g, size.scale());
            header(g, ink, t);
            legend(g, ink);
            lanes(g, ink, t);
            footer(ink, t);
        } finally {
            g.dispose();
        }
        field.paint(image, states);
        return image;
    }

    private void header(Graphics2D g, CardInk ink, long t) {
        LoomMark.paint(g, CardPalette.of(colours.theme), MARGIN, 44, 40);
        ink.text("mark", "LoomScope replay", CardInk.font(Font.BOLD, 30), colours.muted, MARGIN + 56, 78, CardInk.Align.LEFT);
        // seconds since the run's start, as the axis labels say, whatever range the clip shows
        double runSeconds = (recording.settledEnd() - recording.runStart()) / 1e9;
        String clock = String.format(Locale.ROOT, "t = %.3f s", Math.max(0, Math.min(t, plan.runEnd()) - recording.runStart()) / 1e9);
        ink.text("clock", clock, new Font(Font.MONOSPACED, Font.BOLD, 60), colours.text,
                CardSize.LAYOUT_WIDTH - MARGIN, 110, CardInk.Align.RIGHT);
        String range = plan.wholeRun(recording) ? "" : String.format(Locale.ROOT, "%.3f–%.3f s ",
                (plan.runStart() - recording.runStart()) / 1e9, (plan.runEnd() - recording.runStart()) / 1e9);
        String of = String.format(Locale.ROOT, "%sof %.3f s%s · %s", range, runSeconds,
                recording.wasCancelled() ? " (stopped)" : "", speed(plan.slowdown()));
        double ofWidth = ink.text("of", of, CardInk.font(Font.PLAIN, 28), colours.muted, CardSize.LAYOUT_WIDTH - MARGIN,
                156, CardInk.Align.RIGHT);
        // the title shares its line with the "of" text on the right: it gets what that leaves
        double titleWidth = CardSize.LAYOUT_WIDTH - 2 * MARGIN - ofWidth - 48;
        ink.fitted("title", title, Font.BOLD, 50, 28, titleWidth, colours.text, MARGIN, 150);
    }

    static String speed(double slowdown) {
        if (Math.abs(slowdown - 1) < 1e-9) {
            return "real time";
        }
        return slowdown > 1 ? String.format(Locale.ROOT, "%s× slower than real time", trim(slowdown))
                : String.format(Locale.ROOT, "%s× faster than real time", trim(1 / slowdown));
    }

    private static String trim(double v) {
        return v >= 10 || Math.abs(v - Math.rint(v)) < 0.05 ? String.format(Locale.ROOT, "%.0f", v)
                : String.format(Locale.ROOT, "%.1f", v);
    }

    private void legend(Graphics2D g, CardInk ink) {
        double x = MARGIN;
        double y = 212;
        Font font = CardInk.font(Font.PLAIN, 26);
        for (Look look : shown) {
            x = swatch(g, ink, x, y, colours.of(look), look.legend(), font);
        }
        if (carriers.length > recording.config().parallelism()) {
            swatch(g, ink, x, y, colours.pool, "added by the pool", font);
        }
    }

    private double swatch(Graphics2D g, CardInk ink, double x, double y, Paint colour, String label, Font font) {
        g.setPaint(colour);
        g.fillRect((int) x, (int) (y - 20), 24, 24);
        ink.text("legend", label, font, colours.text, x + 34, y, CardInk.Align.LEFT);
        return x + 34 + ink.width(label, font) + 40;
    }

    private void lanes(Graphics2D g, CardInk ink, long t) {
        int laneCount = Math.max(1, carriers.length);
        double trailX = trailX();
        double trailW = trailWidth();
        double labelSize = Math.min(32, Math.max(12, laneHeight * 0.45));
        for (int c = 0; c < carriers.length; c++) {
            CarrierLog log = carriers[c];
            double y = LANES_TOP + c * laneHeight;
            double h = laneHeight - laneGap;
            ink.text("lane", log.addedByPool() ? "carrier " + c + " +" : "carrier " + c, CardInk.font(Font.BOLD, labelSize),
                    log.addedByPool() ? colours.pool : colours.text, MARGIN, y + h / 2 + labelSize * 0.35, CardInk.Align.LEFT);
            g.setColor(colours.lane);
            g.fillRect((int) trailX, (int) y, (int) trailW, (int) Math.max(1, h));
            g.setColor(colours.grid);
            for (TimeAxis.Tick tick : ticks) {   // under the mounts, as in the window
                g.fillRect((int) axis.x(tick.time(), trailX, trailW), (int) y, 1, (int) Math.max(1, h));
            }
            lanes.trail(g, recording, log, axis, t, trailBounds(c));
            box(g, ink, c, log, t, boxX(), y, BOX, h);
        }
        double lanesBottom = LANES_TOP + laneCount * laneHeight;
        double axisY = lanesBottom + 30;
        Font font = CardInk.font(Font.PLAIN, 24);
        for (TimeAxis.Tick tick : ticks) {
            double at = axis.x(tick.time(), trailX, trailW);
            ink.text("axis", tick.label(), font, colours.muted, at, axisY,
                    at <= trailX + 1 ? CardInk.Align.LEFT : at >= trailX + trailW - 1 ? CardInk.Align.RIGHT : CardInk.Align.CENTER);
        }
        if (t < axis.end()) {   // where t is: the lanes fill in up to here, as in the window's replay
            g.setColor(colours.muted);
            g.fillRect((int) axis.x(Math.max(t, axis.start()), trailX, trailW), (int) LANES_TOP, 2, (int) (lanesBottom - LANES_TOP));
        }
    }

    /** Grid lines at most (plus one), as in the window. */
    private static final int MAX_TICKS = 8;

    private void box(Graphics2D g, CardInk ink, int c, CarrierLog log, long t, double x, double y, double w, double h) {
        int vt = timeline.occupantAt(log, t);
        lanes.box(g, timeline.lookAt(log, t), boxBounds(c));
        if (h >= 14) {
            String text = vt < 0 ? "idle" : String.format(Locale.ROOT, "VT %,d", vt);
            double fontSize = Math.min(40, h * 0.5);
            ink.text("box", text, CardInk.font(Font.BOLD, fontSize), vt < 0 ? colours.muted : colours.background,
                    x + w / 2, y + h / 2 + fontSize * 0.35, CardInk.Align.CENTER);
        }
    }

    private void footer(CardInk ink, long t) {
        Font font = CardInk.font(Font.PLAIN, 26);
        double x = MARGIN;
        double y = fieldTop - 20;
        String heading = String.format(Locale.ROOT, "%,d virtual threads%s", recording.threads(),
                field.perDot() > 1 ? " (a dot is " + field.perDot() + ")" : "");
        ink.text("field", heading, CardInk.font(Font.BOLD, 26), colours.text, x, y, CardInk.Align.LEFT);
        x += ink.width(heading, CardInk.font(Font.BOLD, 26)) + 36;
        for (VtState s : VtState.values()) {
            if (counts[s.ordinal()] == 0 && (s == VtState.WAITING || s == VtState.STOPPED || s == VtState.BLOCKED
                    || s == VtState.UNSURE || s == VtState.UNMOUNTED || s == VtState.CAPTURED || s == VtState.STALLED
                    || s == VtState.HELD)) {
                continue;
            }
            String label = s.label() + " " + String.format(Locale.ROOT, "%,d", counts[s.ordinal()]);
            ink.text("count", "\u25A0", font, colours.of(s), x, y, CardInk.Align.LEFT);
            ink.text("count", label, font, colours.muted, x + 28, y, CardInk.Align.LEFT);
            x += 28 + ink.width(label, font) + 30;
        }
        String app = recording.source().shortName();
        String source = app != null
                ? String.format(Locale.ROOT, "Java %s · %s · %d carriers · every frame drawn from the recording",
                        recording.jdkVersion(), app, recording.carrierCount())
                : String.format(Locale.ROOT, "Java %s · %s · P = %d · every frame drawn from the recording",
                        recording.jdkVersion(), recording.config().workloadName(), recording.config().parallelism());
        ink.text("source", source, CardInk.font(Font.PLAIN, 24), colours.muted, MARGIN, 1050, CardInk.Align.LEFT);
        if (recording.wasCancelled() && t >= plan.runEnd()) {
            ink.text("stopped", "STOPPED: the run was stopped before its tasks were done", CardInk.font(Font.BOLD, 28),
                    colours.stopped, CardSize.LAYOUT_WIDTH - MARGIN, 1050, CardInk.Align.RIGHT);
        }
    }
}
