package loomscope.picture.badfixture;

import javafx.scene.paint.Color;

/** Bad on purpose: the picture's colours are plain values; each toolkit makes its own. */
public final class PictureWithAnFxColour {
    private PictureWithAnFxColour() { }

    public static Color pinned() { return Color.rgb(0xd3, 0x2f, 0x2f); }
}
