package loomscope.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Locale;

import loomscope.matrix.MatrixCell;
import loomscope.matrix.MatrixPlan;
import loomscope.picture.PictureTheme;

/**
 * The pinning matrix as a 1920×1080 slide, drawn with Java2D like the timing card (the CLI makes it headless): one
 * row per scenario, one column per JVM; a cell's pinned count in the card's pinned red or not-pinned green, JFR's
 * count, reason, time and added carriers below it; a cell that disagrees with JFR framed in the palette's warning (as
 * the window's matrix frames it) and saying so.
 */
public final class MatrixPictureRenderer {

    public static final int WIDTH = 1920;
    public static final int HEIGHT = 1080;

    private static final double MARGIN = 64;
    private static final double TOP = 200;
    private static final double NAME_COLUMN = 330;
    private static final double GAP = 8;

    private final CardPalette palette;

    /** The slide in the dark theme (the CLI's: `bench --matrix` has no window to follow). */
    public MatrixPictureRenderer() {
        this(PictureTheme.DARK);
    }

    public MatrixPictureRenderer(PictureTheme theme) {
        this.palette = CardPalette.of(theme);
    }

    public BufferedImage render(MatrixPlan plan, List<MatrixCell> cells, String subtitle) {
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
            CardInk ink = new CardInk(g, 1);
            g.setColor(palette.background());
            g.fillRect(0, 0, WIDTH, HEIGHT);
            LoomMark.paint(g, palette, MARGIN, 52, 48);
            ink.fitted("title", "What still pins today", Font.BOLD, 56, 32, WIDTH - 2 * MARGIN - 70, palette.text(), MARGIN + 66, 98);
            ink.fitted("subtitle", subtitle, Font.PLAIN, 28, 20, WIDTH - 2 * MARGIN, palette.muted(), MARGIN, 150);
            grid(g, ink, plan, cells);
            return image;
        } finally {
            g.dispose();
        }
    }

    private void grid(Graphics2D g, CardInk ink, MatrixPlan plan, List<MatrixCell> cells) {
        int columns = plan.jvms().size();
        int rows = plan.scenarios().size();
        double cellWidth = (WIDTH - 2 * MARGIN - NAME_COLUMN) / columns;
        double headHeight = 48;
        double rowHeight = Math.min(150, (HEIGHT - TOP - headHeight - MARGIN) / rows);
        for (int col = 0; col < columns; col++) {
            double x = MARGIN + NAME_COLUMN + col * cellWidth;
            ink.fitted("column-" + col, MatrixPlan.columnName(plan.jvms().get(col)), Font.BOLD, 30, 18,
                    cellWidth - 2 * GAP, palette.text(), x + GAP, TOP + 34);
        }
        for (int row = 0; row < rows; row++) {
            double y = TOP + headHeight + row * rowHeight;
            ink.fitted("row-" + row, plan.rowNames().get(row), Font.BOLD, Math.min(30, rowHeight * 0.4), 16,
                    NAME_COLUMN - 2 * GAP, palette.text(), MARGIN, y + rowHeight / 2 + 10);
            for (int col = 0; col < columns; col++) {
                int index = row * columns + col;
                cell(g, ink, MatrixTables.cell(plan, cells, index), index,
                        MARGIN + NAME_COLUMN + col * cellWidth + GAP / 2, y + GAP / 2, cellWidth - GAP, rowHeight - GAP);
            }
        }
    }

    private void cell(Graphics2D g, CardInk ink, MatrixCell cell, int index, double x, double y, double w, double h) {
        RoundRectangle2D box = new RoundRectangle2D.Double(x, y, w, h, 14, 14);
        g.setColor(palette.panel());
        g.fill(box);
        double big = Math.min(34, h * 0.42);
        double small = Math.min(22, h * 0.22);
        double textWidth = w - 24;
        switch (cell) {
            case MatrixCell.Measured m -> {
                // a disagreeing cell keeps its numbers and adds a third line: the slide shows the doubt, not less
                boolean agrees = m.agreesWithJfr();
                Color count = m.pinnedMounts() > 0 ? palette.pinned() : palette.notPinned();
                ink.fitted("cell-" + index, MatrixTables.pinned(m), Font.BOLD, big, 14, textWidth, count, x + 12,
                        y + h * (agrees ? 0.45 : 0.36));
                String details = String.format(Locale.ROOT, "JFR %,d%s · %s · %s", m.jfrEvents(),
                        m.topReason() == null ? "" : " " + m.topReason(), MatrixTables.seconds(m.wallMillis()),
                        MatrixTables.carriers(m));
                ink.fitted("cell-" + index + "-details", details, Font.PLAIN, small, 12, textWidth, palette.muted(),
                        x + 12, y + h * (agrees ? 0.8 : 0.62));
                if (!agrees) {
                    ink.fitted("cell-" + index + "-disagrees", "≠ JFR: " + m.disagreement(), Font.PLAIN, small, 12,
                            textWidth, palette.warning(), x + 12, y + h * 0.88);
                    g.setColor(palette.warning());
                    g.setStroke(new BasicStroke(4f));
                    g.draw(box);
                }
            }
            case MatrixCell.NotRun n -> ink.fitted("cell-" + index, "— " + n.why(), Font.PLAIN, small, 12, textWidth,
                    palette.notRecorded(), x + 12, y + h * 0.6);
        }
    }
}
