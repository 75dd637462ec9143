package loomscope.testing;

import java.util.ArrayList;
import java.util.List;

import loomscope.runs.RunTarget;

/**
 * The flag for a JVM a test starts to stand for an application, or to run the CLI as a process, where what is checked
 * is not how fast its code runs: the JIT's C1 alone; and {@link #of}, a product's child run where only facts are
 * checked. Such a JVM lives seconds and runs much code a few times; its C2 compilations were a third of its CPU (an
 * attached server, 8 s: 3.8 s of CPU with C2, 2.5 s with C1 alone). Not for the product's child runs whose timings
 * are checked, nor for a window, whose software rendering needs C2, nor for a memory-tight target (C2's escape
 * analysis takes allocations off its heap).
 */
public final class QuickJvm {
    public static final String C1_ONLY = "-XX:TieredStopAtLevel=1";

    /**
     * {@code target} on C1 alone, its label unchanged: for a test of the product's child runs that asserts facts and
     * lower bounds of time (what pinned, what JFR saw, how many blocked at once), which compiled code cannot change.
     */
    public static RunTarget.ChildJvm of(RunTarget.ChildJvm target) {
        List<String> flags = new ArrayList<>(target.jvmArgs());
        flags.add(C1_ONLY);
        return new RunTarget.ChildJvm(target.jdk(), flags, target.label());
    }

    private QuickJvm() { }
}
