package loomscope.attach;

import java.nio.file.Path;

import loomscope.savedrun.SavedRun;
import loomscope.savedrun.SavedRunException;

/**
 * The one door to a saved run, whatever wrote it: a {@code .loomrun} ({@code run --save}, {@code attach --save}, the
 * window's Save) or the file {@code -javaagent:loomscope-agent.jar=save=FILE} leaves at the application's exit (gzip
 * of the agent's stream), told apart by their first bytes. It lives here, above {@code savedrun}, because only this
 * package reads the agent's stream; the window's Open, {@code export --from} and the compare view all come through it.
 */
public final class RunFiles {
    private RunFiles() { }

    /** @throws SavedRunException naming the file and what is wrong with it */
    public static SavedRun read(Path file) throws SavedRunException {
        return AgentRecordingFile.isOne(file) ? AgentRecordingFile.read(file) : SavedRun.read(file);
    }

    /** Whether {@code file} is meant as a saved run: named {@code .loomrun}, or beginning as either kind does. */
    public static boolean claimsToBeOne(Path file) {
        return SavedRun.claimsToBeOne(file) || AgentRecordingFile.isOne(file);
    }
}
