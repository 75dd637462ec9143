package loomscope.attach;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The options a JVM was started with, in the order HotSpot reads them: {@code JAVA_TOOL_OPTIONS} first, then the
 * launcher's arguments ({@code JDK_JAVA_OPTIONS} inserted before the command line's own), then {@code _JAVA_OPTIONS}
 * last; the last occurrence of a flag wins. Read from {@code /proc/PID/cmdline} and, where readable,
 * {@code /proc/PID/environ} (the environment the JVM started with). Not read: {@code @argfiles},
 * {@code -XX:Flags=} and {@code -XX:VMOptionsFile=}, whose contents the command line does not show.
 *
 * @param options   the JVM's options in that order (the main class and its arguments left out)
 * @param origins   for each option, the environment variable it came from, or "" for the command line
 * @param mainClass the main class, {@code -jar} file, module or source file the launcher was given ("" if none seen)
 */
record TargetFlags(List<String> options, List<String> origins, String mainClass) {
    /** Launcher options whose value is the next argument. */
    private static final Set<String> TAKES_VALUE = Set.of("-cp", "-classpath", "--class-path", "-p", "--module-path",
            "--upgrade-module-path", "--add-modules", "--limit-modules", "--add-exports", "--add-opens", "--add-reads",
            "--patch-module", "--enable-native-access", "--source");

    static TargetFlags of(long pid) {
        return of(commandLine(pid), environment(pid));
    }

    /** {@code argv} as the process got it (argv[0] first), {@code env} its starting environment. */
    static TargetFlags of(List<String> argv, Map<String, String> env) {
        List<String> options = new ArrayList<>();
        List<String> origins = new ArrayList<>();
        add(options, origins, "JAVA_TOOL_OPTIONS", env);
        List<String> launcher = new ArrayList<>(split(env.get("JDK_JAVA_OPTIONS")));
        int fromEnvironment = launcher.size();
        if (argv.size() > 1) {
            launcher.addAll(argv.subList(1, argv.size()));
        }
        String main = "";
        for (int i = 0; i < launcher.size(); i++) {
            String a = launcher.get(i);
            if (a.equals("-jar")) {
                main = i + 1 < launcher.size() ? launcher.get(i + 1) : "";
                break;
            }
            if (a.equals("-m") || a.equals("--module") || a.startsWith("--module=")) {
                String module = a.startsWith("--module=") ? a.substring("--module=".length())
                        : i + 1 < launcher.size() ? launcher.get(i + 1) : "";
                main = module.substring(module.indexOf('/') + 1);   // module/class: the class; a module alone: itself
                break;
            }
            if (!a.startsWith("-")) {
                main = a;   // the main class or source file: what follows is the application's
                break;
            }
            options.add(a);
            origins.add(i < fromEnvironment ? "JDK_JAVA_OPTIONS" : "");
            if (TAKES_VALUE.contains(a)) {
                i++;
            }
        }
        add(options, origins, "_JAVA_OPTIONS", env);
        return new TargetFlags(List.copyOf(options), List.copyOf(origins), main);
    }

    private static void add(List<String> options, List<String> origins, String variable, Map<String, String> env) {
        for (String option : split(env.get(variable))) {
            options.add(option);
            origins.add(variable);
        }
    }

    /** The value of a boolean {@code -XX:±name} as last given, if given at all. */
    Optional<Boolean> bool(String name) {
        Boolean value = null;
        for (String o : options) {
            if (o.equals("-XX:+" + name)) {
                value = true;
            } else if (o.equals("-XX:-" + name)) {
                value = false;
            }
        }
        return Optional.ofNullable(value);
    }

    /** The environment variable that gave {@code flag} where it is the last word on its name; empty otherwise. */
    Optional<String> from(String flag) {
        String name = flag.substring("-XX:+".length());
        for (int i = options.size() - 1; i >= 0; i--) {
            String o = options.get(i);
            if (o.equals("-XX:+" + name) || o.equals("-XX:-" + name)) {
                return o.equals(flag) && !origins.get(i).isEmpty() ? Optional.of(origins.get(i)) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** An environment variable's options, split at white space outside quotes (as the launcher and HotSpot do). */
    static List<String> split(String value) {
        List<String> tokens = new ArrayList<>();
        if (value == null) {
            return tokens;
        }
        StringBuilder token = new StringBuilder();
        boolean inToken = false;
        char quote = 0;
        for (char c : value.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    token.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                inToken = true;
            } else if (Character.isWhitespace(c)) {
                if (inToken) {
                    tokens.add(token.toString());
                    token.setLength(0);
                    inToken = false;
                }
            } else {
                token.append(c);
                inToken = true;
            }
        }
        if (inToken) {
            tokens.add(token.toString());
        }
        return tokens;
    }

    private static List<String> commandLine(long pid) {
        try {
            return nulSeparated(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")));
        } catch (IOException | RuntimeException e) {
            return ProcessHandle.of(pid).flatMap(p -> p.info().arguments()).map(a -> {
                List<String> argv = new ArrayList<>(List.of(""));
                argv.addAll(List.of(a));
                return argv;
            }).orElse(List.of());
        }
    }

    /** The starting environment; empty when it cannot be read (another user's process, to a user other than root). */
    private static Map<String, String> environment(long pid) {
        try {
            Map<String, String> env = new java.util.HashMap<>();
            for (String entry : nulSeparated(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "environ")))) {
                int eq = entry.indexOf('=');
                if (eq > 0) {
                    env.put(entry.substring(0, eq), entry.substring(eq + 1));
                }
            }
            return env;
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
    }

    private static List<String> nulSeparated(byte[] raw) {
        List<String> parts = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] == 0) {
                parts.add(new String(raw, from, i - from, StandardCharsets.UTF_8));
                from = i + 1;
            }
        }
        if (from < raw.length) {
            parts.add(new String(raw, from, raw.length - from, StandardCharsets.UTF_8));
        }
        return parts;
    }
}
