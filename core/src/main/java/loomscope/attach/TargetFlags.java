package loomscope.attach;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The options a JVM was started with, in the order HotSpot reads them: {@code JAVA_TOOL_OPTIONS} first, then the
 * launcher's arguments ({@code JDK_JAVA_OPTIONS} inserted before the command line's own), then {@code _JAVA_OPTIONS}
 * last; the last occurrence of a flag wins. Read from {@code /proc/PID/cmdline} and, where readable,
 * {@code /proc/PID/environ} (the environment the JVM started with). The files the command line names are read as the
 * JVM read them (relative to its working folder, through {@code /proc/PID/cwd} and {@code /proc/PID/root}, so also in
 * another mount namespace): the launcher's {@code @argfiles} before the main class, {@code -XX:VMOptionsFile=} in its
 * place and {@code -XX:Flags=} (a {@code .hotspotrc}: {@code +Name}, {@code -Name}, {@code Name=value} lines) before the
 * rest, which overrides it. A file read now may have changed since the JVM started, and one that cannot be read (gone,
 * another user's, larger than {@link #MAX_FILE_BYTES}) adds nothing.
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

    /** An options file larger than this is not read (a class path in an argfile is large; a megabyte is not one). */
    static final int MAX_FILE_BYTES = 1 << 20;
    /** Files read at most, whatever the command line says: an argfile does not name another, but the line may name many. */
    static final int MAX_FILES = 64;

    static TargetFlags of(long pid) {
        return of(commandLine(pid), environment(pid), file -> readInTarget(pid, file));
    }

    /** {@code argv} as the process got it (argv[0] first), {@code env} its starting environment; no file is read. */
    static TargetFlags of(List<String> argv, Map<String, String> env) {
        return of(argv, env, file -> Optional.empty());
    }

    /** As above, {@code files} reading a file the command line names (its text, or empty where it cannot be read). */
    static TargetFlags of(List<String> argv, Map<String, String> env, Function<String, Optional<String>> files) {
        int[] filesLeft = {MAX_FILES};
        Function<String, Optional<String>> bounded = file -> filesLeft[0]-- > 0 ? files.apply(file) : Optional.empty();
        List<String> options = new ArrayList<>();
        List<String> origins = new ArrayList<>();
        add(options, origins, "JAVA_TOOL_OPTIONS", env);
        List<String> launcher = new ArrayList<>(split(env.get("JDK_JAVA_OPTIONS")));
        List<Boolean> fromEnvironment = new ArrayList<>(Collections.nCopies(launcher.size(), true));
        if (argv.size() > 1) {
            launcher.addAll(argv.subList(1, argv.size()));
            fromEnvironment.addAll(Collections.nCopies(argv.size() - 1, false));
        }
        String main = "";
        boolean argFiles = true;
        for (int i = 0; i < launcher.size(); i++) {
            String a = launcher.get(i);
            if (a.equals("--disable-@files")) {
                argFiles = false;
                continue;
            }
            if (argFiles && a.startsWith("@") && !a.startsWith("@@")) {
                // the launcher puts the file's arguments in its place (not those of a file it names in turn)
                List<String> expanded = bounded.apply(a.substring(1)).map(TargetFlags::argFile).orElse(List.of());
                launcher.remove(i);
                launcher.addAll(i, expanded);
                boolean inVariable = fromEnvironment.remove(i);
                fromEnvironment.addAll(i, Collections.nCopies(expanded.size(), inVariable));
                i--;
                continue;
            }
            if (argFiles && a.startsWith("@@")) {
                a = a.substring(1);
            }
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
            origins.add(fromEnvironment.get(i) ? "JDK_JAVA_OPTIONS" : "");
            if (TAKES_VALUE.contains(a)) {
                i++;
            }
        }
        add(options, origins, "_JAVA_OPTIONS", env);
        return new TargetFlags(List.copyOf(options), List.copyOf(origins), main).withHotSpotFiles(bounded);
    }

    /**
     * These options with the files HotSpot reads in their place: {@code -XX:VMOptionsFile=}'s options where it stands,
     * {@code -XX:Flags=}'s settings first (the command line overrides them). Each keeps the origin of the option that named
     * it.
     */
    private TargetFlags withHotSpotFiles(Function<String, Optional<String>> files) {
        List<String> outOptions = new ArrayList<>();
        List<String> outOrigins = new ArrayList<>();
        List<String> settings = new ArrayList<>();
        List<String> settingsOrigins = new ArrayList<>();
        for (int i = 0; i < options.size(); i++) {
            String o = options.get(i);
            if (o.startsWith("-XX:VMOptionsFile=")) {
                for (String option : files.apply(o.substring("-XX:VMOptionsFile=".length())).map(TargetFlags::split).orElse(List.of())) {
                    outOptions.add(option);
                    outOrigins.add(origins.get(i));
                }
            } else if (o.startsWith("-XX:Flags=")) {
                for (String line : files.apply(o.substring("-XX:Flags=".length())).map(String::lines)
                        .map(Stream::toList).orElse(List.of())) {
                    String setting = line.strip();
                    if (!setting.startsWith("#") && (setting.startsWith("+") || setting.startsWith("-") || setting.contains("="))) {
                        settings.add("-XX:" + setting);
                        settingsOrigins.add(origins.get(i));
                    }
                }
            }
            outOptions.add(o);
            outOrigins.add(origins.get(i));
        }
        if (settings.isEmpty() && outOptions.size() == options.size()) {
            return this;
        }
        settings.addAll(outOptions);
        settingsOrigins.addAll(outOrigins);
        return new TargetFlags(List.copyOf(settings), List.copyOf(settingsOrigins), mainClass);
    }

    /**
     * A launcher's argument file as the launcher splits it: white space separates, {@code #} outside quotes begins a
     * comment to the line's end, single or double quotes group, in which a backslash escapes the next character
     * ({@code \n}, {@code \t}, ...) and one at a line's end continues the argument on the next line.
     */
    static List<String> argFile(String text) {
        List<String> args = new ArrayList<>();
        StringBuilder arg = new StringBuilder();
        boolean inArg = false;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && i + 1 < text.length()) {
                    char next = text.charAt(++i);
                    switch (next) {
                        case 'n' -> arg.append('\n');
                        case 't' -> arg.append('\t');
                        case 'r' -> arg.append('\r');
                        case 'f' -> arg.append('\f');
                        case '\n' -> {
                            while (i + 1 < text.length() && (text.charAt(i + 1) == ' ' || text.charAt(i + 1) == '\t')) {
                                i++;   // a continued line's leading white space is dropped
                            }
                        }
                        case '\r' -> {
                            if (i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                                i++;
                            }
                            while (i + 1 < text.length() && (text.charAt(i + 1) == ' ' || text.charAt(i + 1) == '\t')) {
                                i++;
                            }
                        }
                        default -> arg.append(next);
                    }
                } else {
                    arg.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                inArg = true;
            } else if (c == '#') {
                while (i + 1 < text.length() && text.charAt(i + 1) != '\n') {
                    i++;
                }
            } else if (Character.isWhitespace(c)) {
                if (inArg) {
                    args.add(arg.toString());
                    arg.setLength(0);
                    inArg = false;
                }
            } else {
                arg.append(c);
                inArg = true;
            }
        }
        if (inArg) {
            args.add(arg.toString());
        }
        return args;
    }

    /**
     * A file the target's command line names, as the target sees it: relative to its working folder, absolute in its
     * own root (another mount namespace's files too); empty where it cannot be read or is larger than
     * {@link #MAX_FILE_BYTES} (never more than that is read).
     */
    private static Optional<String> readInTarget(long pid, String file) {
        try {
            Path proc = Path.of("/proc", Long.toString(pid));
            Path path = file.startsWith("/") ? proc.resolve("root").resolve(file.substring(1)) : proc.resolve("cwd").resolve(file);
            if (!Files.isRegularFile(path) || Files.size(path) > MAX_FILE_BYTES) {
                return Optional.empty();
            }
            try (InputStream in = Files.newInputStream(path)) {
                byte[] bytes = in.readNBytes(MAX_FILE_BYTES + 1);
                return bytes.length > MAX_FILE_BYTES ? Optional.empty() : Optional.of(new String(bytes, StandardCharsets.UTF_8));
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
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
            Map<String, String> env = new HashMap<>();
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
