package loomscope.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.RoundRectangle2D;
import java.util.List;
import java.util.Locale;

import loomscope.probe.CauseReport;

/**
 * The timing card of an attached application's session ({@link ApplicationRun}): on the left how long it was recorded,
 * on which JDK and carriers, and its mounts by cause; on the right where its carriers were held, site by site. No
 * "tasks completed": an application has none.
 */
record ApplicationCardPainter(Graphics2D g, CardInk ink, CardPalette palette) {
    /** Sites listed at most: more would shrink the text below what the back row reads. */
    static final int SITES_SHOWN = 5;

    /** {@code sites}: whether the right column lists the sites (not when the card's lanes take it). */
    void paint(HistoryEntry run, ApplicationRun app, double x, double chartX, double y, double chartWidth, double height,
               boolean sites) {
        double columnWidth = TimingCardRenderer.LEFT_COLUMN_WIDTH;
        g.setColor(palette.panel());
        g.fill(new RoundRectangle2D.Double(x - 32, y, columnWidth + 32, height, 36, 36));
        Color accent = app.pinned() > 0 ? palette.pinned() : palette.notPinned();
        g.setColor(accent);
        g.setStroke(new BasicStroke(8));
        g.drawLine((int) (x - 28), (int) y + 38, (int) (x - 28), (int) (y + height - 38));

        ink.text("time-caption", "recorded for", CardInk.font(Font.PLAIN, 36), palette.muted(), x + 16, y + 70, CardInk.Align.LEFT);
        String time = TimeText.seconds(run.summary().wallMillis());
        ink.text("time", time, ink.fit(time, Font.BOLD, 200, columnWidth - 48, 110), palette.text(), x + 8, y + 250,
                CardInk.Align.LEFT);
        ink.fitted("application", "attached to " + app.mainClass(), Font.PLAIN, 34, 24, columnWidth - 32, palette.muted(),
                x + 16, y + 320);
        String[][] facts = {
            {"JDK", run.jdkDetail()},
            {"Carriers", TimeText.count(app.carriers())},
            {"Mounts", TimeText.count(app.mounts())},
            {"Pinned", TimeText.count(app.pinned())},
            {"Captured", TimeText.count(app.captured()) + " (a system call)"},
            {"Stalled", TimeText.count(app.stalled()) + " (the JVM)"},
            {"Unsure", TimeText.count(app.unsure()) + " (no witness)"}};
        double factY = y + 392;
        for (String[] fact : facts) {
            Color colour = fact[0].equals("Pinned") && app.pinned() > 0 ? palette.pinned() : palette.text();
            ink.text("fact-label", fact[0], CardInk.font(Font.PLAIN, 30), palette.muted(), x + 16, factY, CardInk.Align.LEFT);
            ink.fitted("fact:" + fact[0], fact[1], Font.BOLD, 36, 28, columnWidth - 280, colour, x + 260, factY);
            factY += 40;
        }
        if (sites) {
            sites(app.sites(), chartX, y, chartWidth);
        }
    }

    private void sites(List<CauseReport.Site> sites, double x, double y, double width) {
        ink.text("sites-title", "Sites: the first frame outside the JDK", CardInk.font(Font.BOLD, 40), palette.text(), x, y + 50,
                CardInk.Align.LEFT);
        if (sites.isEmpty()) {
            ink.fitted("sites-none", "nowhere: no mount was pinned or captured for 1 ms or more", Font.PLAIN, 32, 26, width,
                    palette.muted(), x, y + 120);
            return;
        }
        double rowY = y + 120;
        for (CauseReport.Site site : sites.subList(0, Math.min(SITES_SHOWN, sites.size()))) {
            Color colour = site.kind().equals("pinned") ? palette.pinned() : palette.text();
            String count = String.format(Locale.ROOT, "%s %,d\u00d7 \u00b7 %s held", site.kind(), site.count(),
                    TimeText.seconds(site.heldMillis()));
            ink.fitted("site-count", count, Font.BOLD, 32, 26, width, colour, x, rowY);
            ink.fitted("site-frame", site.frame(), Font.PLAIN, 30, 22, width, palette.text(), x, rowY + 38);
            if (site.reason() != null) {
                ink.fitted("site-reason", site.reason(), Font.PLAIN, 26, 20, width, palette.muted(), x, rowY + 72);
            }
            rowY += 104;
        }
    }
}
