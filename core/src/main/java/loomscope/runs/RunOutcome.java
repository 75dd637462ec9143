package loomscope.runs;

import java.util.List;
import java.util.Locale;

/** How a run ended, in words for the window and the CLI. Whatever the outcome, its recording is kept. */
public sealed interface RunOutcome {

    /** One line for a status bar or stderr. */
    String describe();

    /** Whether something went wrong (not a completed or cancelled run). */
    default boolean isError() { return !(this instanceof Completed || this instanceof Cancelled); }

    record Completed() implements RunOutcome {
        @Override public String describe() { return "completed"; }
    }

    record Cancelled(String how) implements RunOutcome {
        @Override public String describe() { return "cancelled (" + how + ")"; }
    }

    /**
     * The child JVM died on its own: a crash (then {@code hsErrFile} names its report, if it wrote one), running
     * out of memory, or an exit. {@code cause} is the line of its output that said why (e.g. "java.lang.
     * OutOfMemoryError: Java heap space", "SIGSEGV (0xb) at pc=..."), null if it said nothing telling.
     */
    record Crashed(int exitCode, String cause, String hsErrFile, List<String> lastOutput) implements RunOutcome {
        public Crashed {
            lastOutput = List.copyOf(lastOutput);
        }

        @Override public String describe() {
            String why = cause == null ? "" : ": " + cause;
            String report = hsErrFile == null ? "" : "; crash report: " + hsErrFile;
            return String.format(Locale.ROOT, "the child JVM died%s (exit code %d%s)%s", why, exitCode, signal(), report);
        }

        private String signal() {
            return exitCode > 128 && exitCode < 160 ? ", signal " + (exitCode - 128) : "";
        }
    }

    /** Nothing arrived for {@code silentMillis}: not even a heartbeat, so the child's Java threads were stuck. */
    record Hung(long silentMillis) implements RunOutcome {
        @Override public String describe() {
            return String.format(Locale.ROOT, "the child JVM hung (no output for %.1f s) and was killed", silentMillis / 1000.0);
        }
    }

    /** Stopped by the user (or the app) by killing the child. */
    record Killed(String why) implements RunOutcome {
        @Override public String describe() { return "the child JVM was killed: " + why; }
    }

    /** The stream from the child broke or made no sense; the child was killed. */
    record StreamBroken(String detail) implements RunOutcome {
        @Override public String describe() { return "the stream from the child JVM broke: " + detail; }
    }

    /** The run never got going or failed inside: the JVM did not start, refused the mode, or threw. */
    record Failed(String message) implements RunOutcome {
        @Override public String describe() { return message; }
    }
}
