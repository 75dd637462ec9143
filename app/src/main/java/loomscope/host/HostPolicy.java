package loomscope.host;

import java.util.Locale;

/**
 * Everything LoomScope does only because the machine is small, decided once at launch ({@code --host}) and
 * handed to what uses it: the window's start-up warm-up, lowering and yielding carriers that take every core,
 * drawing at 30 fps when one core is left, and lowering the JIT's threads after the warm-up. Each was measured to
 * help on a 2-core machine with a software renderer (docs/performance.md); none was measured to help with cores
 * to spare, where each costs something (11 s of warm-up, slower runs, process-wide priority changes that cannot
 * be undone). So {@code auto} applies them up to {@link #SMALL_MACHINE_MAX_CORES} cores only.
 *
 * @param mode  as asked for
 * @param cores the cores this JVM may use (cgroups and {@code -XX:ActiveProcessorCount} included)
 * @param small whether the small-machine measures apply
 */
public record HostPolicy(Mode mode, int cores, boolean small) {
    /** The largest machine the measures were measured to help on (docs/host-policy.md says how). */
    public static final int SMALL_MACHINE_MAX_CORES = 2;

    /** {@code --host}: decide from the cores, or force the measures on or off. */
    public enum Mode {
        AUTO, SMALL, OFF;

        public String cliName() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Mode fromCliName(String name) {
            for (Mode m : values()) {
                if (m.cliName().equals(name)) {
                    return m;
                }
            }
            throw new IllegalArgumentException("must be auto, small or off, was '" + name + "'");
        }
    }

    public static HostPolicy decide(Mode mode, int cores) {
        boolean small = switch (mode) {
            case SMALL -> true;
            case OFF -> false;
            case AUTO -> cores <= SMALL_MACHINE_MAX_CORES;
        };
        return new HostPolicy(mode, cores, small);
    }

    /** For this JVM: availableProcessors reads cgroup limits, so it is asked once, here. */
    public static HostPolicy forThisMachine(Mode mode) {
        return decide(mode, Runtime.getRuntime().availableProcessors());
    }

    /** The window's six warm-up runs at launch, before the first timed run. */
    public boolean warmUp() { return small; }

    /** The JIT's compiler threads at nice 19 once the warm-up is over. */
    public boolean lowersJit() { return small; }

    /**
     * How the window shares the CPU with a run of {@code parallelism} carriers (in this JVM or a child): the
     * small-machine rule of {@link CpuShare}, or every pulse drawn and no carrier touched.
     */
    public RunShare shareFor(int parallelism, boolean inThisJvm) {
        return small ? RunShare.decide(parallelism, cores, inThisJvm && CarrierPriority.takesEffect()) : RunShare.NONE;
    }

    /** Before a run of this JVM: what lowering carriers needs made first; nothing when they are never lowered. */
    public void prepareRun() {
        if (small) {
            CpuShare.prepare();
        }
    }

    /** Whether this OS lets LoomScope lower a single thread's priority (Linux, with its setpriority call). */
    public static boolean canLowerThreads() {
        return LinuxThreads.isLinux() && CarrierPriority.niceSupported();
    }

    /** One line for the F12 overlay and the start-up log. */
    public String describe() {
        String why = mode == Mode.AUTO ? cores + " cores" : "--host=" + mode.cliName() + ", " + cores + " cores";
        return small
                ? "host: small machine (" + why + "): warm-up, JIT lowered after it, 30 fps at P = cores - 1,"
                        + " carriers lowered and yielding at P >= cores"
                : "host: no small-machine measures (" + why + ")";
    }
}
