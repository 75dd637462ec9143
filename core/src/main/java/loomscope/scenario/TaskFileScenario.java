package loomscope.scenario;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.InvocationTargetException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;

import loomscope.workload.CancelToken;
import loomscope.workload.RunObserver;
import loomscope.workload.ScenarioRun;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.ThrowableText;
import loomscope.workload.UnsupportedModeException;
import loomscope.workload.WorkloadConfig;

/**
 * The audience's own code: a class compiled from a task file (see loomscope.taskfile), loaded from its folder by a
 * loader of its own over the JDK's classes only, one instance per run; each virtual thread calls its
 * {@code run(index)}. What it blocks on is judged by the carriers' clocks like any scenario's. An exception from
 * {@code run} ends that thread only: it is reported ({@link RunObserver#taskThrew}) and the run goes on. Meant to
 * run in a child JVM, so that an endless loop, a crash or {@code System.exit} costs only the child.
 */
public record TaskFileScenario() implements Scenario {
    public static final String NAME = "task-file";
    public static final String CLASS = "class";
    public static final String CLASSES = "classes";
    /** System properties a task can read: {@code Integer.getInteger("loomscope.threads")} is N. */
    public static final String THREADS_PROPERTY = "loomscope.threads";
    public static final String PARALLELISM_PROPERTY = "loomscope.parallelism";

    /** Frames of the first exception kept: enough to find the line, bounded so a deep stack cannot flood. */
    private static final int STACK_LINES = 12;

    private static final List<ScenarioParam> PARAMS = List.of(
            new ScenarioParam.Text(CLASS, "Task", 400, Pattern.compile("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*"),
                    "the task's class, as compiled"),
            new ScenarioParam.Text(CLASSES, "", 4_096, Pattern.compile("[^\\n\\r\\x00]*"), "the folder of its compiled classes"));

    @Override public String name() { return NAME; }

    @Override public String shows() { return "your own code: each virtual thread calls run(index) of one instance of your class"; }

    @Override
    public ScenarioSource source() {
        return new ScenarioSource("you", "a task file (run --task-file FILE.java)", "no published figures: yours come from the run");
    }

    @Override public List<ScenarioParam> params() { return PARAMS; }

    /** "task-file SleepInLock": every run of your code is task-file; the class says which code it was. */
    @Override public String runName(ScenarioParams params) { return NAME + " " + params.value(CLASS); }

    @Override public String yourCodeClass(ScenarioParams params) { return params.value(CLASS); }

    @Override public boolean runsYourCode() { return true; }

    @Override
    public Map<String, String> yourCodeParams(String className, String classes) {
        return Map.of(CLASS, className, CLASSES, classes);
    }

    /**
     * A run of your class {@code className}, compiled into {@code classes}, on {@code threads} threads and
     * {@code parallelism} carriers (null: the defaults).
     *
     * @throws loomscope.workload.RunLimits.InvalidRunException naming the first refused value
     */
    public static WorkloadConfig config(String className, Path classes, Integer threads, Integer parallelism,
                                        SchedulerKind scheduler, ThreadKind kind) {
        TaskFileScenario yours = new TaskFileScenario();
        return Scenarios.config(yours, yours.yourCodeParams(className, classes.toAbsolutePath().toString()), threads,
                parallelism, scheduler, kind);
    }

    /** The class is named by the source, and its classes' folder exists only once it compiled: nothing to type. */
    @Override public List<ScenarioParam> typedParams() { return List.of(); }

    /** A caption names your code by its class, not by the temporary folder it was compiled into. */
    @Override public List<String> captionItems(ScenarioParams params) { return List.of(runName(params)); }

    /** The class alone: its folder is a temporary one of ours, gone once the run is over. */
    @Override public String paramsText(ScenarioParams params) { return CLASS + "=" + params.value(CLASS); }

    @Override public int defaultThreads() { return 100; }

    @Override public int defaultParallelism() { return 1; }

    @Override
    public ScenarioRun prepare(WorkloadConfig config) {
        Path classes = Path.of(config.scenario().value(CLASSES));
        String className = config.scenario().value(CLASS);
        if (!Files.isDirectory(classes)) {
            throw new UnsupportedModeException("the task's classes are not where they were compiled to: " + classes);
        }
        URLClassLoader loader;
        try {
            loader = new URLClassLoader("loomscope-task", new URL[] {classes.toUri().toURL()},
                    ClassLoader.getPlatformClassLoader());
        } catch (MalformedURLException e) {
            throw new UnsupportedModeException("the task's folder is not a URL: " + classes);
        }
        // the run's parameters, for a task that wants them (its fields are its own): N and P
        System.setProperty(THREADS_PROPERTY, Integer.toString(config.threads()));
        System.setProperty(PARALLELISM_PROPERTY, Integer.toString(config.parallelism()));
        try {
            Class<?> type = Class.forName(className, true, loader);
            Object instance = type.getConstructor().newInstance();
            MethodHandle run = MethodHandles.publicLookup()
                    .findVirtual(type, "run", MethodType.methodType(void.class, int.class)).bindTo(instance);
            return new Calls(run, loader);
        } catch (InvocationTargetException e) {
            throw new UnsupportedModeException("your class's constructor threw " + firstLine(e.getCause()));
        } catch (ExceptionInInitializerError e) {
            throw new UnsupportedModeException("your class's static initializer threw " + firstLine(e.getCause()));
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new UnsupportedModeException("your class cannot be loaded: " + ThrowableText.describe(e));
        }
    }

    /** "IllegalStateException: no, at Task.<init>(Task.java:3)": one line, where in the task's source. */
    static String firstLine(Throwable t) {
        if (t == null) {
            return "an exception";
        }
        for (StackTraceElement e : ThrowableText.frames(t)) {
            if (!e.getClassName().startsWith("java.") && !e.getClassName().startsWith("jdk.")
                    && !e.getClassName().startsWith("loomscope.")) {
                return ThrowableText.describe(t) + ", at " + e;
            }
        }
        return ThrowableText.describe(t);
    }

    /** The task's own frames: what is below them (our call into it, the virtual thread's start) is ours. */
    static String stack(Throwable t) {
        return ThrowableText.stack(t, Calls.class.getName(), STACK_LINES);
    }

    /** One run's calls into the task. */
    private static final class Calls implements ScenarioRun {
        private final MethodHandle run;
        private final URLClassLoader loader;
        private final AtomicBoolean firstReported = new AtomicBoolean();

        Calls(MethodHandle run, URLClassLoader loader) {
            this.run = run;
            this.loader = loader;
        }

        @Override
        public boolean run(int vt, RunObserver observer, CancelToken cancel) throws Exception {
            try {
                run.invokeExact(vt);
            } catch (InterruptedException e) {
                if (cancel.isCancelled()) {
                    throw e;
                }
                report(vt, observer, e);
            } catch (Throwable e) {
                if (e instanceof VirtualMachineError fatal && !(e instanceof StackOverflowError)) {
                    throw fatal;   // out of memory: the child says so and stops
                }
                report(vt, observer, e);   // a stack overflow is the task's own, like any throw: its thread ends
            }
            return true;
        }

        private void report(int vt, RunObserver observer, Throwable e) {
            // every thread that threw is counted; the first one's stack travels, the others' would be noise
            observer.taskThrew(vt, firstReported.compareAndSet(false, true) ? stack(e) : "");
        }

        @Override
        public void close() {
            try {
                loader.close();
            } catch (IOException ignored) {
                // only our own jar-less folder: nothing to lose
            }
        }
    }
}
