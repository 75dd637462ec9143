package loomscope.runs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How a child's run ended, judged once its stream is over: from the stream's ending, the child's exit code, what
 * LoomScope's side did (a kill, a stop, a hang it saw) and the child's own words on stderr and stdout (an
 * OutOfMemoryError, a crash report's path), in that order of trust.
 */
record ChildOutcomes(ChildOutput stderr, ChildOutput stdout, Path errorFileDir) {
    /**
     * What LoomScope's side knows of the run as its stream ended: a hang it saw (-1: none), why the child refused or
     * failed (null: it did not), why it was killed (null: it was not), whether you stopped it, whether its hello came,
     * and whether its recording says it was cancelled.
     */
    record OurSide(long hungAfterMillis, String failure, String killedBecause, boolean stopRequested, boolean helloSeen,
                   boolean cancelled) { }

    RunOutcome judge(StreamReceiver.Ending ending, int exit, long pid, OurSide ours) {
        if (ending instanceof StreamReceiver.Ending.Garbled g) {
            String hsErr = hsErrFile(pid);
            if (ours.killedBecause() == null && (hsErr != null || exit != 0)) {
                return new RunOutcome.Crashed(exit, cause(), hsErr, childOutput());   // it died mid-line
            }
            return new RunOutcome.StreamBroken("line " + g.lines() + " is not LoomScope's stream (" + g.why() + "): '" + g.line() + "'");
        }
        if (ending instanceof StreamReceiver.Ending.WrongVersion w) {
            return new RunOutcome.StreamBroken("the child speaks another stream version: '" + w.hello() + "'");
        }
        if (ours.hungAfterMillis() >= 0) {
            return new RunOutcome.Hung(ours.hungAfterMillis());
        }
        if (ours.failure() != null) {
            return new RunOutcome.Failed(ours.failure());
        }
        if (ending instanceof StreamReceiver.Ending.Complete) {
            if (ours.cancelled()) {
                return new RunOutcome.Cancelled(ours.stopRequested() ? "stopped by you" : "cancelled in the child");
            }
            return new RunOutcome.Completed();
        }
        if (ours.killedBecause() != null) {
            return new RunOutcome.Killed(ours.killedBecause());
        }
        if (!ours.helloSeen()) {
            String cause = cause();
            return new RunOutcome.Failed("the child JVM did not start (exit code " + exit + "): "
                    + (cause != null ? cause : stderr.firstError()));
        }
        String hsErr = hsErrFile(pid);
        String cause = cause();
        if (hsErr != null || cause != null || !(ending instanceof StreamReceiver.Ending.MidLine)) {
            return new RunOutcome.Crashed(exit, cause, hsErr, childOutput());
        }
        StreamReceiver.Ending.MidLine m = (StreamReceiver.Ending.MidLine) ending;
        return new RunOutcome.StreamBroken("it ended in the middle of line " + (m.lines() + 1) + " ('" + m.fragment()
                + "'), exit code " + exit);
    }

    /** What the child said about why it stopped, stderr first (where -XX:+DisplayVMOutputToStderr sends the JVM's words). */
    private String cause() {
        String cause = stderr.cause();
        return cause != null ? cause : stdout.cause();
    }

    private String hsErrFile(long pid) {
        String file = stderr.hsErrFile(errorFileDir, pid);
        return file != null ? file : stdout.hsErrFile(errorFileDir, pid);
    }

    /** The child's last lines of its own output (stderr, then stdout's marked so), for an error dialog. */
    List<String> childOutput() {
        List<String> lines = new ArrayList<>(stderr.tail());
        stdout.tail().forEach(line -> lines.add("[stdout] " + line));
        return List.copyOf(lines);
    }
}
