package loomscope.report;

/** The slide sizes a card is exported at; both are drawn from one 1920x1080 layout, scaled. */
public enum CardSize {
    FULL_HD(1920, 1080),
    HD(1280, 720);

    /** The layout's own coordinate space. */
    static final int LAYOUT_WIDTH = 1920;
    static final int LAYOUT_HEIGHT = 1080;

    private final int width;
    private final int height;

    CardSize(int width, int height) {
        this.width = width;
        this.height = height;
    }

    public int width() { return width; }

    public int height() { return height; }

    double scale() {
        return (double) width / LAYOUT_WIDTH;
    }

    /** "1920x1080", as it appears in file names. */
    public String label() {
        return width + "x" + height;
    }
}
