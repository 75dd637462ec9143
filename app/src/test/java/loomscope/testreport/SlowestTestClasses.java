package loomscope.testreport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The last lines of {@code mvn -B verify}: the test classes that took longest, from every module's surefire reports,
 * so that whoever waits for the suite sees where the time goes (docs/reliability.md keeps a measured list). Run by the
 * app module's build at {@code verify}, after every module's tests passed; prints nothing where no report exists.
 */
public final class SlowestTestClasses {
    static final int SHOWN = 20;
    private static final Pattern SUITE = Pattern.compile("<testsuite\\b[^>]*>");
    private static final Pattern NAME = Pattern.compile("\\bname=\"([^\"]*)\"");
    private static final Pattern TIME = Pattern.compile("\\btime=\"([0-9.,]+)\"");
    private static final Pattern TESTS = Pattern.compile("\\btests=\"([0-9]+)\"");

    /** One class's report. */
    record Timed(String module, String testClass, double seconds, int tests) { }

    private SlowestTestClasses() { }

    /** Arguments: each module's folder (its {@code target/surefire-reports} is read). */
    public static void main(String[] modules) throws IOException {
        List<Timed> all = new ArrayList<>();
        for (String module : modules) {
            all.addAll(read(Path.of(module)));
        }
        report(all).forEach(System.out::println);
    }

    static List<Timed> read(Path module) throws IOException {
        Path reports = module.resolve("target/surefire-reports");
        List<Timed> timed = new ArrayList<>();
        if (!Files.isDirectory(reports)) {
            return timed;
        }
        try (Stream<Path> files = Files.list(reports)) {
            for (Path file : files.filter(f -> f.getFileName().toString().matches("TEST-.*\\.xml")).sorted().toList()) {
                Timed t = parse(module.getFileName().toString(), Files.readString(file));
                if (t != null) {
                    timed.add(t);
                }
            }
        }
        return timed;
    }

    /** The first {@code <testsuite>} element's class, time and count, or null if the file has none. */
    static Timed parse(String module, String xml) {
        Matcher suite = SUITE.matcher(xml);
        if (!suite.find()) {
            return null;
        }
        String tag = suite.group();
        Matcher name = NAME.matcher(tag);
        Matcher time = TIME.matcher(tag);
        Matcher tests = TESTS.matcher(tag);
        if (!name.find() || !time.find()) {
            return null;
        }
        String testClass = name.group(1).startsWith("loomscope.") ? name.group(1).substring(10) : name.group(1);
        return new Timed(module, testClass, Double.parseDouble(time.group(1).replace(",", "")),
                tests.find() ? Integer.parseInt(tests.group(1)) : 0);
    }

    static List<String> report(List<Timed> all) {
        if (all.isEmpty()) {
            return List.of();
        }
        double total = all.stream().mapToDouble(Timed::seconds).sum();
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "The %d slowest test classes (of %d; %.0f s of tests in all, %d tests):",
                Math.min(SHOWN, all.size()), all.size(), total, all.stream().mapToInt(Timed::tests).sum()));
        all.stream().sorted(Comparator.comparingDouble(Timed::seconds).reversed()).limit(SHOWN).forEach(t ->
                lines.add(String.format(Locale.ROOT, "  %6.1f s  %-6s %s (%d %s)", t.seconds(), t.module(), t.testClass(),
                        t.tests(), t.tests() == 1 ? "test" : "tests")));
        return lines;
    }
}
