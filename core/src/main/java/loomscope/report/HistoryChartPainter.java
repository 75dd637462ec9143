package loomscope.report;

import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.RoundRectangle2D;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The card's bar chart: one horizontal bar per run in the history, on one linear scale from zero, so
 * a 27 s pinned run dwarfs a 0.85 s unpinned one exactly as much as it should. Colour = what the
 * recording saw (pinned mounts or not), label = JDK, lock, P, N.
 */
record HistoryChartPainter(Graphics2D g, CardInk ink, CardPalette palette) {

    private static final double HEADING_HEIGHT = 64;
    private static final double LEGEND_HEIGHT = 64;
    /** The line above the legend that explains the mark of a run whose carriers the window lowered. */
    private static final double NOTE_HEIGHT = 46;
    private static final double LABEL_SIZE = 30;
    private static final double MAX_BAR_HEIGHT = 44;
    /** Room right of the longest bar for its value. */
    private static final double VALUE_ROOM = 170;
    private static final Font VALUE_FONT = CardInk.font(Font.BOLD, 34);
    /** A 0.4 s bar beside a 27 s one would vanish; keep it visible (its number tells the truth). */
    private static final double MIN_BAR = 8;

    void paint(TimingCard card, double x, double y, double width, double height) {
        List<HistoryEntry> bars = card.bars();
        TimingCard.Comparison comparison = card.comparison();
        String heading = comparison != null ? "Same workload, two JVMs" : bars.size() == 1 ? "This run" : "Runs this session";
        ink.text("chart-heading", heading, CardInk.font(Font.BOLD, 36), palette.muted(), x, y + 40, CardInk.Align.LEFT);
        if (card.hiddenRuns() > 0) {
            ink.text("chart-hidden", "+" + card.hiddenRuns() + " earlier in the CSV", CardInk.font(Font.PLAIN, 28),
                    palette.muted(), x + width, y + 40, CardInk.Align.RIGHT);
        }
        boolean lowered = bars.stream().anyMatch(HistoryEntry::carriersLowered);
        double top = y + HEADING_HEIGHT + 12;
        double available = height - HEADING_HEIGHT - LEGEND_HEIGHT - 12 - (lowered ? NOTE_HEIGHT : 0);
        double row = Math.min(112, available / bars.size());
        double longest = bars.stream().mapToDouble(b -> b.summary().wallMillis()).max().orElse(1);
        // a lowered run's value carries a mark: leave it room too
        double maxBar = width - VALUE_ROOM - (lowered ? ink.width(HistoryEntry.loweredSuffix(true), VALUE_FONT) : 0);

        Set<HistoryEntry.Pinning> shown = EnumSet.noneOf(HistoryEntry.Pinning.class);
        boolean strayPins = bars.stream().anyMatch(HistoryEntry::hasStrayPins);
        for (int i = 0; i < bars.size(); i++) {
            HistoryEntry run = bars.get(i);
            boolean headline = run == card.headline();
            double rowTop = top + i * row;
            double barHeight = Math.min(MAX_BAR_HEIGHT, row - LABEL_SIZE - 22);
            if (headline && bars.size() > 1) {
                // the run this card is about: a lit row, not a different colour (colour means pinning)
                g.setColor(palette.panel());
                g.fill(new RoundRectangle2D.Double(x - 20, rowTop - 6, width + 20, LABEL_SIZE + barHeight + 26, 20, 20));
            }
            ink.fitted(headline ? "bar-label-headline" : "bar-label", barLabel(run, comparison, i), headline ? Font.BOLD : Font.PLAIN,
                    LABEL_SIZE, 26, width, headline ? palette.text() : palette.muted(), x, rowTop + LABEL_SIZE);
            double barTop = rowTop + LABEL_SIZE + 10;
            double length = Math.max(MIN_BAR, maxBar * run.summary().wallMillis() / Math.max(longest, 1e-9));
            g.setColor(palette.of(run.pinning()));
            g.fill(new RoundRectangle2D.Double(x, barTop, length, barHeight, 10, 10));
            ink.text(headline ? "bar-value-headline" : "bar-value",
                    TimeText.seconds(run.summary().wallMillis()) + HistoryEntry.loweredSuffix(run.carriersLowered()),
                    VALUE_FONT, palette.text(), x + length + 20, barTop + barHeight / 2 + 12,
                    CardInk.Align.LEFT);
            shown.add(run.pinning());
        }
        if (comparison != null) {
            String ratio = comparison.ratioLine(bars.get(0), bars.get(1));
            if (!ratio.isEmpty()) {
                ink.fitted("ratio", ratio, Font.BOLD, 48, 30, width, palette.text(), x, top + bars.size() * row + 56);
                if (!comparison.ratioNote().isEmpty()) {
                    ink.fitted("ratio-note", comparison.ratioNote(), Font.PLAIN, 34, 28, width, palette.muted(), x,
                            top + bars.size() * row + 104);
                }
            }
        }
        if (lowered) {
            ink.fitted("legend-lowered", HistoryEntry.LOWERED_NOTE_SHORT, Font.PLAIN, 28, 26, width, palette.muted(),
                    x, y + height - 14 - NOTE_HEIGHT);
        }
        legend(x, y + height - 14, shown, strayPins);
    }

    /** A comparison names its JVMs itself (flags included); otherwise the run's own short label. */
    private static String barLabel(HistoryEntry run, TimingCard.Comparison comparison, int index) {
        String label = run.shortLabel();
        if (comparison == null) {
            return label;
        }
        int rest = label.indexOf(" · ");
        return comparison.name(index) + (rest < 0 ? "" : label.substring(rest));
    }

    private void legend(double x, double baseline, Set<HistoryEntry.Pinning> shown, boolean strayPins) {
        Font font = CardInk.font(Font.PLAIN, 28);
        double at = x;
        for (HistoryEntry.Pinning pinning : shown) {
            g.setColor(palette.of(pinning));
            g.fill(new RoundRectangle2D.Double(at, baseline - 24, 28, 28, 8, 8));
            String words = pinning == HistoryEntry.Pinning.NOT_PINNED && strayPins ? "under 1% of threads pinned" : pinning.legend();
            at += 40 + ink.text("legend", words, font, palette.muted(), at + 40, baseline, CardInk.Align.LEFT) + 40;
        }
    }
}
