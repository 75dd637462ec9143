package loomscope.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;

import loomscope.savedrun.RunInfo;
import loomscope.workload.RunLimits;
import loomscope.workload.UnsupportedModeException;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code java -jar core/target/loomscope.jar run|bench|export ...}: the workload without a window, on JDK 21 or 25. */
@Command(name = "loomscope", mixinStandardHelpOptions = true, versionProvider = LoomScopeCli.Version.class,
        description = "Runs the JEP 491 pinning experiment on real carriers and reports what was recorded.",
        subcommands = {RunCommand.class, BenchCommand.class, ExportCommand.class, ScenariosCommand.class,
                AttachCommand.class})
public final class LoomScopeCli {

    /** Exit code for input we refuse, as picocli uses for usage errors. */
    public static final int BAD_INPUT = 2;

    public static void main(String[] args) {
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs a command line and returns its exit code; never throws, never prints a stack trace. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new LoomScopeCli());
        cli.setOut(out);
        cli.setErr(err);
        cli.registerConverter(Path.class, new PathConverter());   // every command's path options
        // bad input echoes what was typed (a path, a value): its line breaks and escapes are shown, not sent
        cli.setParameterExceptionHandler((e, a) -> {
            err.println("loomscope: " + oneLine(controlsShown(e.getMessage())));
            err.flush();
            return BAD_INPUT;
        });
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof RunLimits.InvalidRunException invalid) {
                err.println("loomscope: " + oneLine(controlsShown(invalid.first().cliMessage())));
                err.flush();
                return BAD_INPUT;
            }
            if (e instanceof IllegalArgumentException || e instanceof UnsupportedModeException) {
                err.println("loomscope: " + oneLine(controlsShown(e.getMessage())));
                err.flush();
                return BAD_INPUT;
            }
            err.println("loomscope: failed: " + oneLine(e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName()));
            err.flush();
            return 1;
        });
        try {
            return cli.execute(args);
        } catch (RuntimeException e) {
            // picocli reports what it catches; this is for what escapes its handlers (none known)
            err.println("loomscope: failed: " + oneLine(String.valueOf(e.getMessage())));
            err.flush();
            return 1;
        }
    }

    /** Messages we print are one line: the first, as some JDK and library messages run on. */
    static String oneLine(String message) {
        if (message == null || message.isBlank()) {
            return "(no reason given)";
        }
        String first = message.strip().lines().findFirst().orElse("").strip();
        // a long path comes first and the reason last: keep both ends, never cut the reason off
        return first.length() > 500 ? first.substring(0, 240) + " … " + first.substring(first.length() - 240) : first;
    }

    /**
     * A value the user typed is echoed in the message: a line break in it ("--param sleep-ms=$'3\n4'") made two lines,
     * an escape sequence would reach the terminal. Each control character is shown as \n, \r, \t or \xNN.
     */
    static String controlsShown(String message) {
        if (message == null) {
            return null;
        }
        StringBuilder b = new StringBuilder(message.length());
        for (char c : message.toCharArray()) {
            switch (c) {
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)) {
                        b.append(String.format(Locale.ROOT, "\\x%02X", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"LoomScope " + RunInfo.LOOMSCOPE_VERSION + " on Java " + Runtime.version()};
        }
    }
}
