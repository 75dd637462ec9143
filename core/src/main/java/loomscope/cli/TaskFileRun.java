package loomscope.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import loomscope.runs.RunTarget;
import loomscope.recording.RunRecording;
import loomscope.scenario.TaskFileScenario;
import loomscope.taskfile.TaskFileCompiler;
import loomscope.taskfile.TaskFileLaunch;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/**
 * {@code run --task-file FILE.java}: the audience's own task, compiled here for the JDK that will run it, run in a
 * child JVM (always: an endless loop is stopped by killing it, a crash or {@code System.exit} costs only the child,
 * and this JVM never loads the task's classes). Compile errors are bad input: {@code FILE:line:col: message} lines,
 * exit 2, nothing run. The compiled classes live in a temporary folder of ours ({@link loomscope.taskfile.TaskFolder}), removed when the run is over.
 */
final class TaskFileRun {
    private TaskFileRun() { }

    /** Compiles and builds the run, or throws {@link CompileErrors}. */
    static WorkloadConfig prepare(Path source, RunTarget.ChildJvm target, Path classes, Integer threads,
                                  Integer parallelism, SchedulerKind scheduler, ThreadKind kind) {
        TaskFileCompiler.Result result = TaskFileCompiler.compile(source, classes, target.jdk().feature());
        if (result instanceof TaskFileCompiler.Result.Failed failed) {
            throw new CompileErrors(failed);
        }
        TaskFileCompiler.Result.Compiled compiled = (TaskFileCompiler.Result.Compiled) result;
        return TaskFileScenario.config(compiled.className(), compiled.classes(), threads, parallelism, scheduler, kind);
    }

    /** The compiler's errors, each a line of its own. */
    static final class CompileErrors extends IllegalArgumentException {
        final TaskFileCompiler.Result.Failed failed;

        CompileErrors(TaskFileCompiler.Result.Failed failed) {
            super(failed.problems().get(0).cliLine());
            this.failed = failed;
        }

        void print(PrintWriter err) {
            failed.problems().forEach(p -> err.println(p.cliLine()));
            err.flush();
        }
    }

    /** After the run's own lines: how many tasks threw, and the first one's stack. */
    static void thrown(PrintWriter out, RunRecording recording) {
        int threw = recording.tasksThrew();
        if (threw == 0) {
            return;
        }
        out.printf(Locale.ROOT, "%,d of %,d tasks threw", threw, recording.config().threads());
        RunRecording.Thrown first = recording.firstThrow();
        if (first == null) {
            out.println(".");
            return;
        }
        out.printf(Locale.ROOT, "; the first (thread %d):%n", first.vt());
        first.stack().lines().forEach(l -> out.println("    " + l.strip()));
    }

    /** A task file's own prints: the child keeps their last lines; these go after the run's lines. */
    static void printed(PrintWriter out, WorkloadConfig config, List<String> childOutput) {
        if (!config.scenario().runsYourCode()) {
            return;
        }
        List<String> lines = TaskFileLaunch.printed(childOutput, PRINTED_LINES);
        if (!lines.isEmpty()) {
            out.println("The task printed (last lines):");
            lines.forEach(l -> out.println("    " + l));
        }
    }

    private static final int PRINTED_LINES = 20;
}
