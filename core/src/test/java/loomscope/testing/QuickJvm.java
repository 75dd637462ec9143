package loomscope.testing;

/**
 * The flag for a JVM a test starts to stand for an application, or to run the CLI as a process, where what is checked
 * is not how fast its code runs: the JIT's C1 alone. Such a JVM lives seconds and runs much code a few times; its C2
 * compilations were a third of its CPU (an attached server, 8 s: 3.8 s of CPU with C2, 2.5 s with C1 alone). Not for
 * the product's own child runs, whose timings are the data, nor for a window, whose software rendering needs C2, nor
 * for a memory-tight target (C2's escape analysis takes allocations off its heap).
 */
public final class QuickJvm {
    public static final String C1_ONLY = "-XX:TieredStopAtLevel=1";

    private QuickJvm() { }
}
