package loomscope.report;

import java.awt.BasicStroke;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Stream;

import loomscope.picture.PictureTheme;
import loomscope.recording.RunSummary;

/**
 * Renders a {@link TimingCard} into a slide-ready image with Java2D, so the headless CLI (JDK 21, no
 * JavaFX) and the window export the very same picture. Laid out once at 1920x1080 and scaled for
 * smaller sizes; at 1920x1080 no text is under 28 px and the total time is 220 px tall.
 */
public final class TimingCardRenderer {

    static final double MARGIN = 96;
    static final double LEFT_COLUMN_WIDTH = 720;
    static final double CHART_X = 900;

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("d MMMM uuuu", Locale.ENGLISH);

    private final CardPalette palette;
    private final PictureTheme theme;

    /** Cards in the dark theme: the CLI's (it has no window to follow). */
    public TimingCardRenderer() {
        this(PictureTheme.DARK);
    }

    /** Cards in the window's {@code theme}: exported from the light theme, a card is light. */
    public TimingCardRenderer(PictureTheme theme) {
        this.palette = CardPalette.of(theme);
        this.theme = theme;
    }

    public RenderedCard render(TimingCard card, CardSize size) {
        BufferedImage image = new BufferedImage(size.width(), size.height(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
            g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            g.scale(size.scale(), size.scale());
            CardInk ink = new CardInk(g, size.scale());
            g.setColor(palette.background());
            g.fillRect(0, 0, CardSize.LAYOUT_WIDTH, CardSize.LAYOUT_HEIGHT);
            header(g, ink, card);
            ApplicationRun application = card.headline().application();
            List<Rectangle> lanes = List.of();
            boolean lanesInsteadOfChart = card.lanes() != null && card.comparison() == null;
            if (application != null && card.comparison() == null) {
                // an application's session: what held its carriers and where, not tasks and bars of our runs
                new ApplicationCardPainter(g, ink, palette).paint(card.headline(), application, MARGIN, CHART_X, 292,
                        CardSize.LAYOUT_WIDTH - MARGIN - CHART_X, 660, !lanesInsteadOfChart);
            } else {
                headline(g, ink, card.headline());
                if (!lanesInsteadOfChart) {
                    new HistoryChartPainter(g, ink, palette).paint(card, CHART_X, 292,
                            CardSize.LAYOUT_WIDTH - MARGIN - CHART_X, 660);
                }
            }
            if (lanesInsteadOfChart) {
                // the run's lanes over the range, where the chart (or an application's sites) would be
                lanes = new CardLanesPainter(g, ink, ClipColours.of(theme), size.scale()).paint(card.lanes(), CHART_X, 292,
                        CardSize.LAYOUT_WIDTH - MARGIN - CHART_X, 660);
            }
            footer(ink);
            return new RenderedCard(size, image, ink.drawn(), lanes);
        } finally {
            g.dispose();
        }
    }

    private void header(Graphics2D g, CardInk ink, TimingCard card) {
        LoomMark.paint(g, palette, MARGIN, 68, 56);
        ink.text("mark", "LoomScope", CardInk.font(Font.BOLD, 40), palette.text(), MARGIN + 76, 112, CardInk.Align.LEFT);
        ink.text("date", DATE.format(card.date()), CardInk.font(Font.PLAIN, 36), palette.muted(),
                CardSize.LAYOUT_WIDTH - MARGIN, 112, CardInk.Align.RIGHT);
        double titleWidth = CardSize.LAYOUT_WIDTH - 2 * MARGIN;
        ink.fitted("title", card.title(), Font.BOLD, 64, 40, titleWidth, palette.text(), MARGIN, 222);
    }

    private void headline(Graphics2D g, CardInk ink, HistoryEntry run) {
        RunSummary s = run.summary();
        double x = MARGIN;
        g.setColor(palette.panel());
        g.fill(new RoundRectangle2D.Double(x - 32, 292, LEFT_COLUMN_WIDTH + 32, 660, 36, 36));
        g.setColor(palette.of(run.pinning()));
        g.setStroke(new BasicStroke(8));
        g.drawLine((int) (x - 28), 330, (int) (x - 28), 914);

        ink.text("time-caption", s.cancelled() ? "STOPPED after" : "total time", CardInk.font(Font.PLAIN, 36), palette.muted(), x + 16, 362, CardInk.Align.LEFT);
        String time = TimeText.seconds(s.wallMillis());
        ink.text("time", time, ink.fit(time, Font.BOLD, 220, LEFT_COLUMN_WIDTH - 48, 120),
                palette.of(run.pinning()), x + 8, 562, CardInk.Align.LEFT);
        String done = s.cancelled()
                ? "stopped: " + TimeText.count(s.completed()) + " of " + TimeText.count(s.threads()) + " tasks completed"
                : "all " + TimeText.count(s.completed()) + " tasks completed";
        // the mark follows the time's story: the note that explains it sits under the chart
        done += HistoryEntry.loweredSuffix(run.carriersLowered());
        ink.text("completion", done, CardInk.font(Font.PLAIN, 34), palette.muted(), x + 16, 624, CardInk.Align.LEFT);

        // a scenario with no sleep of the seed's kind (your code's task) has no such row rather than a false "0 ms"
        boolean sleeps = HistoryEntry.isLockMode(s.lock()) || s.sleepMillis() > 0;
        String[][] facts = Stream.of(
            new String[] {"JDK", run.jdkDetail()},
            new String[] {HistoryEntry.isLockMode(s.lock()) ? "Lock" : "Scenario", s.lock()},
            new String[] {"Carriers (P)", TimeText.count(s.parallelism())},
            new String[] {"Threads (N)", TimeText.count(s.threads()) + " " + s.threadKind()},
            sleeps ? new String[] {"Sleep in lock", TimeText.count(s.sleepMillis()) + " ms"} : null,
            new String[] {"Pinned mounts", s.pinnedMounts() < 0 ? "not recorded"
                    : TimeText.count(s.pinnedMounts()) + HistoryEntry.unsureSuffix(run.unsureMounts())})
            .filter(Objects::nonNull).toArray(String[][]::new);
        double y = 692;
        for (String[] fact : facts) {
            ink.text("fact-label", fact[0], CardInk.font(Font.PLAIN, 32), palette.muted(), x + 16, y, CardInk.Align.LEFT);
            ink.fitted("fact:" + fact[0], fact[1], Font.BOLD, 40, 30, LEFT_COLUMN_WIDTH - 320, palette.text(), x + 300, y);
            y += 48;
        }
    }

    private void footer(CardInk ink) {
        ink.text("footer", "Measured on real carriers by LoomScope: every time is recorded, nothing simulated",
                CardInk.font(Font.PLAIN, 28), palette.muted(), MARGIN, CardSize.LAYOUT_HEIGHT - 56, CardInk.Align.LEFT);
    }
}
