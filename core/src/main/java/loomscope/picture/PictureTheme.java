package loomscope.picture;

/**
 * The looks a picture can have: the window's three themes (ui.theme.AppTheme names one of these each), which the
 * exports follow too, so that a card or a clip made in the light theme is light.
 */
public enum PictureTheme {
    DARK,
    LIGHT,
    /** For projectors that wash colours out: black ground, white text, saturated and far-apart hues. */
    HIGH_CONTRAST
}
