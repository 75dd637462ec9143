package loomscope.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/**
 * Where the 5 ms sleep happens: the seeds' variants of the JEP 491 experiment. Each mode is one constant here with
 * its names, its words and its section, the code a task runs its sleep inside ({@link #hold}); the seed's task
 * ({@code scenario.SeedTask}) and its lock parameter ask nothing else of a mode. A new mode is a new constant,
 * listed in {@link #BUILT_IN}.
 * <p>
 * Not an enum: a mode carries its own section, so code that is not this file (a test) can define one and
 * {@link #register} it, and everything that lists modes (the seed's choice of lock, the CLI's {@code --lock})
 * takes it; that is how a test proves a new mode needs nothing outside this class.
 */
public abstract class LockMode {

    /** The seeds' "original bug": one monitor shared by every task. */
    private static final Object SHARED_LOCK = new Object();

    public static final LockMode NONE = new LockMode("NONE", "none", "No lock: CPU work, then sleep. Never pins.",
            "Same on every JDK: the sleeping thread unmounts.", "No lock: CPU work, then sleep", 21) {
        @Override
        public boolean hold(BooleanSupplier inside) {
            return inside.getAsBoolean();
        }
    };

    public static final LockMode SHARED_SYNCHRONIZED = new LockMode("SHARED_SYNCHRONIZED", "shared-synchronized",
            "One lock for all tasks: the seed's original bug.",
            "Serialised on every JDK: only one sleep at a time, pinned or not (~N x sleep).",
            "One shared lock: every sleep in single file", 21) {
        @Override
        public boolean hold(BooleanSupplier inside) {
            synchronized (SHARED_LOCK) {
                return inside.getAsBoolean();
            }
        }

        @Override
        public boolean sharedByAllTasks() { return true; }
    };

    public static final LockMode SYNCHRONIZED = new LockMode("SYNCHRONIZED", "synchronized",
            "A new lock per task, sleep inside synchronized: the fixed demo.",
            "JDK 21-23 (or legacy locking): pins the carrier. JDK 24+ (JEP 491): unmounts.",
            "Sleep inside synchronized, a lock per task", 21) {
        @Override
        public boolean hold(BooleanSupplier inside) {
            Object lock = new Object();
            synchronized (lock) {
                return inside.getAsBoolean();
            }
        }
    };

    public static final LockMode REENTRANT_LOCK = new LockMode("REENTRANT_LOCK", "reentrant-lock",
            "A ReentrantLock per task: the pre-JDK 24 workaround.",
            "Never pins: j.u.c locks park the virtual thread on every JDK.",
            "Sleep inside a ReentrantLock, a lock per task", 21) {
        @Override
        public boolean hold(BooleanSupplier inside) {
            ReentrantLock lock = new ReentrantLock();
            lock.lock();
            try {
                return inside.getAsBoolean();
            } finally {
                lock.unlock();
            }
        }
    };

    public static final LockMode NATIVE_FRAME = new LockMode("NATIVE_FRAME", "native-frame",
            "Sleep inside an FFM upcall from a native qsort downcall.",
            "Pins on every JDK: JEP 491 did not fix native frames. Needs JDK 22+.",
            "Sleep inside a native frame (FFM upcall)", 22) {
        /** Loaded by the first run that checks it can enter this section: the FFM classes load on JDK 22+ only. */
        private volatile NativeSection nativeSection;

        @Override
        public void checkRunnable() {
            if (nativeSection == null) {
                nativeSection = NativeSection.load();
            }
        }

        @Override
        public boolean hold(BooleanSupplier inside) {
            boolean[] slept = new boolean[1];
            nativeSection.callThroughNativeFrame(() -> slept[0] = inside.getAsBoolean());
            return slept[0];
        }
    };

    /** In the order the seed's lock slider and {@code --lock}'s help list them. */
    private static final List<LockMode> BUILT_IN = List.of(NONE, SHARED_SYNCHRONIZED, SYNCHRONIZED, REENTRANT_LOCK,
            NATIVE_FRAME);

    /** Modes {@link #register}ed by code outside this file, after the built-in ones. */
    private static final List<LockMode> REGISTERED = new CopyOnWriteArrayList<>();

    private final String name;
    private final String cliName;
    private final String summary;
    private final String jdkBehaviour;
    private final String title;
    private final int minimumJdk;

    /**
     * @param name         the constant's name, as a saved run's header stores it ({@code NATIVE_FRAME})
     * @param cliName      as {@code --lock} and {@code --param lock=} take it ({@code native-frame})
     * @param summary      one line: what the section is
     * @param jdkBehaviour one line: what each JDK does with a sleep inside it
     * @param title        a timing card's title for a run in this mode
     * @param minimumJdk   the lowest JDK feature release the section runs on
     */
    protected LockMode(String name, String cliName, String summary, String jdkBehaviour, String title, int minimumJdk) {
        this.name = name;
        this.cliName = cliName;
        this.summary = summary;
        this.jdkBehaviour = jdkBehaviour;
        this.title = title;
        this.minimumJdk = minimumJdk;
    }

    /**
     * Runs {@code inside} (the task's sleep) inside this mode's section and returns what it returned. {@code inside}
     * never throws; a section must not either (native-frame's runs inside an upcall).
     */
    public abstract boolean hold(BooleanSupplier inside);

    /**
     * Refuses a mode this JVM cannot enter, before anything starts; a section that needs something loaded (a
     * native library) loads it here, once.
     *
     * @throws UnsupportedModeException saying why not
     */
    public void checkRunnable() {
        if (Runtime.version().feature() < minimumJdk) {
            throw new UnsupportedModeException(cliName + " needs JDK " + minimumJdk + "+; this JVM is "
                    + Runtime.version());
        }
    }

    /** Whether every task enters one and the same lock, so that a task can wait for another holder. */
    public boolean sharedByAllTasks() { return false; }

    /** The constant's name, as a saved run's header stores it. */
    public final String name() { return name; }

    public final String cliName() { return cliName; }

    public final String summary() { return summary; }

    public final String jdkBehaviour() { return jdkBehaviour; }

    /** A timing card's title for a run in this mode. */
    public final String title() { return title; }

    /** The lowest JDK feature release this mode runs on. */
    public final int minimumJdk() { return minimumJdk; }

    /** Its place in {@link #values()}: the lock slider's tick, a remembered setting's index. */
    public final int ordinal() { return values().indexOf(this); }

    /** Every mode, the built-in ones first, in their order. */
    public static List<LockMode> values() {
        List<LockMode> all = new ArrayList<>(BUILT_IN);
        all.addAll(REGISTERED);
        return List.copyOf(all);
    }

    public static String allowedNames() {
        return values().stream().map(LockMode::cliName).collect(Collectors.joining(", "));
    }

    public static LockMode fromCliName(String name) {
        for (LockMode mode : values()) {
            if (mode.cliName.equalsIgnoreCase(name) || mode.name.equalsIgnoreCase(name)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("unknown lock mode '" + name + "'; allowed: " + allowedNames());
    }

    /**
     * Lists {@code mode} after the built-in ones until the returned registration is closed.
     *
     * @throws IllegalArgumentException if a listed mode already has its name or CLI name
     */
    public static Registration register(LockMode mode) {
        for (LockMode listed : values()) {
            if (listed.name.equalsIgnoreCase(mode.name) || listed.cliName.equalsIgnoreCase(mode.cliName)) {
                throw new IllegalArgumentException("a lock mode named " + mode.cliName + " is listed already");
            }
        }
        REGISTERED.add(mode);
        return () -> REGISTERED.remove(mode);
    }

    /** A {@link #register}ed mode's place in the list; closing it takes the mode off. */
    public interface Registration extends AutoCloseable {
        @Override void close();
    }

    @Override
    public String toString() { return cliName; }
}
