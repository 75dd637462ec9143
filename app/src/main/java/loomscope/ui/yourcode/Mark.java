package loomscope.ui.yourcode;

/**
 * A mark at a line of your code (1-based): where the compiler complained (and at which column, 1-based, 0 for the
 * whole line), where JFR saw the last run's threads pinned, or where the first exception came from.
 */
public record Mark(int line, int column, Kind kind, String text) {
    public enum Kind {
        ERROR("✖"), PINNED("●"), THREW("!");

        private final String glyph;

        Kind(String glyph) {
            this.glyph = glyph;
        }

        /** What the gutter shows. */
        public String glyph() { return glyph; }
    }
}
