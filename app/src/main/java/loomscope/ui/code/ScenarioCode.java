package loomscope.ui.code;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import loomscope.scenario.CartServiceScenario;
import loomscope.scenario.ClassInitScenario;
import loomscope.scenario.ClassLoaderScenario;
import loomscope.scenario.FileIoScenario;
import loomscope.scenario.NativeFrameScenario;
import loomscope.scenario.ObjectWaitScenario;
import loomscope.scenario.PlatformVsVirtualScenario;
import loomscope.scenario.ProducerConsumerScenario;
import loomscope.scenario.Scenario;
import loomscope.scenario.SeedScenario;
import loomscope.scenario.TaskFileScenario;
import loomscope.scenario.WavesScenario;
import loomscope.workload.LockMode;

/**
 * Which part of the workload's source each scenario's threads run: the code pane and the presentation show
 * these blocks, cut from this build's own source files. A new scenario does not compile here until it says
 * which of its code to show (the switch is over the sealed {@link Scenario}).
 *
 * @param caption the files and the methods shown, one line
 * @param parts   the blocks, in the order a thread meets them
 * @param focus   text of the line where a thread blocks (the first line holding it is marked and scrolled to)
 */
public record ScenarioCode(String caption, List<Excerpt> parts, String focus) {

    /** Between two blocks of the text: a line no source has, so that nobody takes the blocks for one. */
    public static final String GAP = "⋯";

    /** What {@code scenario}'s threads run; {@code lock} matters only for the seed, which runs the lock's section. */
    public static ScenarioCode of(Scenario scenario, LockMode lock) {
        return switch (scenario) {
            case SeedScenario s -> seedTask(lock);
            case WavesScenario w -> seedTask(LockMode.SYNCHRONIZED);
            case NativeFrameScenario n -> seedTask(LockMode.NATIVE_FRAME);
            case PlatformVsVirtualScenario p -> seedTask(LockMode.NONE);
            case ObjectWaitScenario o -> code("ObjectWaitScenario.java: each thread's task (prepare)", "lock.wait(",
                    taskOf("ObjectWaitScenario.java"));
            case ClassInitScenario c -> code(
                    "ClassInitScenario.java: each thread's task; ClassInitTarget: the static initializer it waits for",
                    "Thread.sleep(", taskOf("ClassInitScenario.java"), Excerpt.of("ClassInitTarget.java", "static {"),
                    Excerpt.of("ClassInitGate.java", "public static void initialising("));
            case ClassLoaderScenario c -> code(
                    "ClassLoaderScenario.java: each thread's task; FreshClassLoader: loadClass and findClass",
                    "Thread.sleep(", taskOf("ClassLoaderScenario.java"),
                    Excerpt.of("FreshClassLoader.java", "protected Class<?> loadClass("),
                    Excerpt.of("FreshClassLoader.java", "protected Class<?> findClass("));
            case FileIoScenario f -> code("FileIoScenario.java: each thread's task (run)", "in.read(",
                    Excerpt.of("FileIoScenario.java", "public boolean run("));
            case CartServiceScenario c -> code("CartServiceScenario.java: each thread's task (prepare)",
                    "Thread.sleep(", taskOf("CartServiceScenario.java"));
            case ProducerConsumerScenario p -> code("ProducerConsumerScenario.java: the buffer's produce and consume",
                    "wait();", Excerpt.of("ProducerConsumerScenario.java", "private synchronized boolean produce("),
                    Excerpt.of("ProducerConsumerScenario.java", "private synchronized boolean consume("));
            // the task file's own source is the user's; what LoomScope runs around it is this call
            case TaskFileScenario t -> code("TaskFileScenario.java: each thread calls your class's run(index)",
                    "run.invokeExact(", Excerpt.of("TaskFileScenario.java", "public boolean run("));
        };
    }

    private static ScenarioCode code(String caption, String focus, Excerpt... parts) {
        return new ScenarioCode(caption, List.of(parts), focus);
    }

    /** A scenario's per-thread task: the lambda its {@code prepare} returns. */
    private static Excerpt taskOf(String file) {
        return Excerpt.of(file, "ScenarioRun prepare(", "return (vt, observer, cancel) -> {");
    }

    /**
     * The seed's task (SeedTask): after its CPU work, the lock mode's section (its {@code hold} in LockMode.java), and
     * the sleep inside it.
     */
    private static ScenarioCode seedTask(LockMode lock) {
        List<Excerpt> parts = new ArrayList<>();
        parts.add(Excerpt.of("SeedTask.java", "private boolean enterSection("));
        parts.add(Excerpt.of("LockMode.java", "LockMode " + lock.name() + " = new LockMode(", "public boolean hold("));
        if (lock == LockMode.NATIVE_FRAME) {
            parts.add(Excerpt.of("jdk22/QsortUpcallSection.java", "public void callThroughNativeFrame("));
        }
        parts.add(Excerpt.of("SeedTask.java", "private boolean holdAndSleep("));
        return new ScenarioCode("SeedTask.java and LockMode.java: the " + lock.cliName() + " section and the sleep inside it"
                + (lock == LockMode.NATIVE_FRAME ? "; jdk22/QsortUpcallSection.java: the native frame" : ""), List.copyOf(parts),
                "Thread.sleep(");
    }

    /** The blocks as they are shown: each dedented, separated by a {@link #GAP} line. */
    public String text() {
        return parts.stream().map(p -> String.join("\n", p.lines())).collect(Collectors.joining("\n" + GAP + "\n"));
    }
}
