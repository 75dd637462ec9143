package loomscope.scenario;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One knob of a scenario, with its default and what it may be. Values travel as text (the CLI's
 * {@code --param k=v}, the child's arguments, a saved run's header) and are checked here, in one place.
 */
public sealed interface ScenarioParam {

    String name();

    String description();

    /** The default, as {@code --param} would write it. */
    String defaultText();

    /** What it may be, for a person: "1..60,000" or "synchronized, reentrant-lock". */
    String allowedText();

    /** The canonical text of {@code raw}, or a rule that reads after the parameter's name ("must be ..., was ..."). */
    Checked check(String raw);

    /** Either the value's canonical text or why not. */
    record Checked(String value, String rule) {
        public boolean ok() { return rule == null; }
    }

    /** A whole number in [min, max]. */
    record Int(String name, int defaultValue, int min, int max, String description) implements ScenarioParam {
        public Int {
            if (defaultValue < min || defaultValue > max) {
                throw new IllegalArgumentException(name + ": default " + defaultValue + " outside " + min + ".." + max);
            }
        }

        @Override public String defaultText() { return Integer.toString(defaultValue); }

        @Override public String allowedText() { return count(min) + ".." + count(max); }

        @Override
        public Checked check(String raw) {
            String s = raw == null ? "" : raw.strip().replace("_", "").replace(",", "");
            try {
                if (!s.matches("[+-]?[0-9]+")) {
                    // Integer.parseInt takes any script's digits ('３' is 3): a number here is written in ASCII
                    throw new NumberFormatException(s);
                }
                int v = Integer.parseInt(s);
                if (v >= min && v <= max) {
                    return new Checked(Integer.toString(v), null);
                }
                return new Checked(null, "must be " + allowedText() + ", was " + count(v));
            } catch (NumberFormatException e) {
                return new Checked(null, "must be a whole number " + allowedText() + ", was '" + raw + "'");
            }
        }
    }

    /**
     * One of a few names, in an order that means something (the window draws them as a slider's ticks).
     *
     * @param title what a form calls it ("Lock mode"); its name unless given
     * @param notes a line or two on each value, by value, for a person choosing (what each lock mode does on each
     *              JDK); values without one say nothing
     */
    record Choice(String name, String defaultValue, List<String> allowed, String description, String title,
                  Map<String, String> notes) implements ScenarioParam {
        public Choice {
            allowed = List.copyOf(allowed);
            notes = notes == null ? Map.of() : Map.copyOf(notes);
            title = title == null ? name : title;
            if (!allowed.contains(defaultValue)) {
                throw new IllegalArgumentException(name + ": default " + defaultValue + " not in " + allowed);
            }
        }

        public Choice(String name, String defaultValue, List<String> allowed, String description) {
            this(name, defaultValue, allowed, description, null, null);
        }

        /** What {@link #notes} say on {@code value}, or "". */
        public String note(String value) { return notes.getOrDefault(value, ""); }

        @Override public String defaultText() { return defaultValue; }

        @Override public String allowedText() { return String.join(", ", allowed); }

        @Override
        public Checked check(String raw) {
            for (String a : allowed) {
                if (a.equalsIgnoreCase(raw == null ? "" : raw.strip())) {
                    return new Checked(a, null);
                }
            }
            return new Checked(null, "must be one of " + allowedText() + ", was '" + raw + "'");
        }
    }

    /** Text of at most {@code maxLength} characters matching {@code pattern} (a class name, a folder). */
    record Text(String name, String defaultValue, int maxLength, Pattern pattern, String description)
            implements ScenarioParam {
        @Override public String defaultText() { return defaultValue; }

        @Override public String allowedText() { return "text, at most " + count(maxLength) + " characters"; }

        @Override
        public Checked check(String raw) {
            String s = raw == null ? "" : raw;
            if (s.length() > maxLength) {
                return new Checked(null, "must be at most " + count(maxLength) + " characters, was " + count(s.length()));
            }
            return pattern.matcher(s).matches() ? new Checked(s, null)
                    : new Checked(null, "must match " + pattern.pattern() + ", was '" + s + "'");
        }
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
