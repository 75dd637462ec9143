package loomscope.report;

import java.awt.Color;

import loomscope.picture.Look;
import loomscope.picture.PictureColours;
import loomscope.picture.PictureTheme;

/**
 * Card colours: the one palette ({@link PictureColours}) in the window's theme, named for what a card draws: its
 * pinned and not-pinned bars are the lanes' pinned and running looks, its ground the canvases' own, a disagreement the
 * palette's warning.
 */
record CardPalette(Color background, Color panel, Color text, Color muted, Color grid,
                   Color pinned, Color notPinned, Color notRecorded, Color accent, Color warning) {

    static CardPalette of(PictureTheme theme) {
        PictureColours p = PictureColours.of(theme);
        return new CardPalette(ClipColours.awt(p.canvas()), ClipColours.awt(p.lane()), ClipColours.awt(p.text()),
                ClipColours.awt(p.muted()), ClipColours.awt(p.grid()), ClipColours.awt(Look.PINNED.colour(p)),
                ClipColours.awt(Look.RUNNING.colour(p)), ClipColours.awt(p.muted()), ClipColours.awt(p.accent()),
                ClipColours.awt(p.warning()));
    }

    Color of(HistoryEntry.Pinning pinning) {
        return switch (pinning) {
            case PINNED -> pinned;
            case NOT_PINNED -> notPinned;
            case NOT_RECORDED -> notRecorded;
        };
    }
}
