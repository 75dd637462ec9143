package loomscope.cli;

import java.io.PrintWriter;

import loomscope.workload.UnsupportedModeException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code java -jar target/loomscope.jar run|bench|export ...}: the workload without a window, on JDK 21 or 25. */
@Command(name = "loomscope", mixinStandardHelpOptions = true, versionProvider = LoomScopeCli.Version.class,
        description = "Runs the JEP 491 pinning experiment on real carriers and reports what was recorded.",
        subcommands = {RunCommand.class, BenchCommand.class, ExportCommand.class})
public final class LoomScopeCli {

    /** Exit code for input we refuse, as picocli uses for usage errors. */
    public static final int BAD_INPUT = 2;

    public static void main(String[] args) {
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs a command line and returns its exit code; never throws, never prints a stack trace for bad input. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new LoomScopeCli());
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((e, a) -> {
            err.println("loomscope: " + e.getMessage());
            return BAD_INPUT;
        });
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof IllegalArgumentException || e instanceof UnsupportedModeException) {
                err.println("loomscope: " + e.getMessage());
                return BAD_INPUT;
            }
            err.println("loomscope: failed: " + e);
            return 1;
        });
        return cli.execute(args);
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"LoomScope 0.1 on Java " + Runtime.version()};
        }
    }
}
