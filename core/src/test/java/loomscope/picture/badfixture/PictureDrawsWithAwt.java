package loomscope.picture.badfixture;

import java.awt.Color;

/** Bad on purpose: a picture class that names an export's toolkit (its colours must be plain values). */
public final class PictureDrawsWithAwt {
    private PictureDrawsWithAwt() { }

    public static Color pinned() { return new Color(0xd3, 0x2f, 0x2f); }
}
