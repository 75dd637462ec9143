package loomscope.report;

import java.awt.Color;

/**
 * Card colours: a dark slide (projectors wash out light greys, dark rooms glare at white) whose pinned and not-pinned
 * bars are the window's pinned and running (app.css; ExportColoursMatchTheWindowTest holds them equal).
 */
record CardPalette(Color background, Color panel, Color text, Color muted, Color grid,
                   Color pinned, Color notPinned, Color notRecorded, Color accent) {

    static final CardPalette DARK = new CardPalette(
            new Color(0x0D1321), new Color(0x161E31), new Color(0xF5F7FC), new Color(0xA9B4CC),
            new Color(0x2A3550), new Color(0xFF4D4D), new Color(0x3FB950), new Color(0x8A97B3),
            new Color(0x7B93FF));

    Color of(HistoryEntry.Pinning pinning) {
        return switch (pinning) {
            case PINNED -> pinned;
            case NOT_PINNED -> notPinned;
            case NOT_RECORDED -> notRecorded;
        };
    }
}
