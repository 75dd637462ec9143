package loomscope.taskfile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import loomscope.runs.ChildRun;
import loomscope.jdks.JdkCheck;
import loomscope.jdks.JdkInspector;
import loomscope.runs.LiveRun;
import loomscope.runs.RunTarget;
import loomscope.scenario.TaskFileScenario;
import loomscope.workload.WorkloadConfig;

/**
 * The window's way to run a task it holds as text: written into a {@link TaskFolder}, compiled for the JVM that will
 * run it, then run in a child JVM on the recorded carriers. Always a child, also for "this JVM" (a child of this
 * very JDK): an endless loop is stopped by killing it, a crash or {@code System.exit} costs only the child, and the
 * window never loads the user's classes. Nothing runs unless it compiles. Call it off the FX thread: it writes,
 * compiles (about a second cold) and starts a process.
 */
public final class TaskFileLaunch {
    private static final JdkInspector INSPECTOR = new JdkInspector();

    private TaskFileLaunch() { }

    /** The compiler's (or the contract's) complaints: the run did not start. */
    public static final class CompileFailed extends Exception {
        private final transient List<TaskFileCompiler.Problem> problems;

        public CompileFailed(List<TaskFileCompiler.Problem> problems) {
            super(problems.isEmpty() ? "does not compile" : problems.get(0).message());
            this.problems = List.copyOf(problems);
        }

        public List<TaskFileCompiler.Problem> problems() { return problems; }
    }

    /**
     * Compiles {@code source} (its public class {@code className}) for {@code where} and starts it with {@code
     * config}'s threads, parallelism, scheduler and thread kind. The task's folder is removed when the child has ended.
     */
    public static LiveRun start(String source, String className, WorkloadConfig config, RunTarget where,
                                ChildRun.Options options) throws CompileFailed, IOException {
        RunTarget.ChildJvm child = childFor(where);
        TaskFolder folder = TaskFolder.create();
        try {
            WorkloadConfig compiled = compile(source, className, config, child, folder);
            ChildRun run = ChildRun.start(child, compiled, options);
            Thread.ofPlatform().daemon().name("loomscope-task-folder").start(() -> {
                try {
                    run.await(Long.MAX_VALUE);
                } catch (InterruptedException ignored) {
                    Thread.currentThread().interrupt();
                } finally {
                    folder.close();
                }
            });
            return run;
        } catch (CompileFailed | IOException | RuntimeException e) {
            folder.close();
            throw e;
        }
    }

    private static WorkloadConfig compile(String source, String className, WorkloadConfig config,
                                          RunTarget.ChildJvm child, TaskFolder folder) throws CompileFailed, IOException {
        Path file = folder.source(className == null || className.isBlank() ? "Task" : className);
        Files.createDirectories(file.getParent());
        Files.writeString(file, source, StandardCharsets.UTF_8);
        TaskFileCompiler.Result result = TaskFileCompiler.compile(file, folder.classes(), child.jdk().feature());
        if (result instanceof TaskFileCompiler.Result.Failed failed) {
            throw new CompileFailed(failed.problems());
        }
        TaskFileCompiler.Result.Compiled ok = (TaskFileCompiler.Result.Compiled) result;
        return TaskFileScenario.config(ok.className(), ok.classes(), config.threads(), config.parallelism(),
                config.scheduler(), config.threadKind());
    }

    /** What the child's stdout said, as {@link ChildRun#childOutput()} marks it. */
    private static final String STDOUT = "[stdout] ";

    /**
     * The last {@code max} lines the task printed, from the child's bounded output tail (each line already cut short
     * there): what a person running their code wants to see of its prints.
     */
    public static List<String> printed(List<String> childOutput, int max) {
        List<String> lines = childOutput.stream().filter(l -> l.startsWith(STDOUT))
                .map(l -> l.substring(STDOUT.length())).toList();
        return lines.subList(Math.max(0, lines.size() - max), lines.size());
    }

    /** A child JVM for {@code where}: itself, or for this JVM a child of this JVM's own runtime. */
    public static RunTarget.ChildJvm childFor(RunTarget where) throws IOException {
        if (where instanceof RunTarget.ChildJvm child) {
            return child;
        }
        JdkCheck check = INSPECTOR.inspect(Path.of(System.getProperty("java.home")), "this JVM");
        if (check instanceof JdkCheck.Accepted accepted) {
            return RunTarget.ChildJvm.of(accepted.jdk());
        }
        throw new IOException("this JVM's runtime cannot start a child: " + ((JdkCheck.Refused) check).reason());
    }
}
