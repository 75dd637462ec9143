package loomscope.ui.run;

/**
 * A whole number typed by a person, checked against a range: either a value or a sentence saying what is
 * wrong (never an exception to the FX thread).
 */
public record IntInput(String name, int min, int max) {

    public sealed interface Result permits Valid, Invalid { }

    public record Valid(int value) implements Result { }

    public record Invalid(String message) implements Result { }

    public Result parse(String text) {
        String t = text == null ? "" : text.strip().replace(",", "").replace("_", "");
        if (t.isEmpty()) {
            return new Invalid(name + " is empty; enter a whole number " + range());
        }
        try {
            long v = Long.parseLong(t);
            if (v < min || v > max) {
                return new Invalid(name + " must be " + range() + ", was " + t);
            }
            return new Valid((int) v);
        } catch (NumberFormatException e) {
            return new Invalid(name + " must be a whole number " + range() + ", was '" + text.strip() + "'");
        }
    }

    private String range() {
        return String.format("from %,d to %,d", min, max);
    }
}
