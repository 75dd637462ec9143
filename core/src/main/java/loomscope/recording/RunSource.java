package loomscope.recording;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Where a run came from: a scenario in this JVM, a scenario in a child JVM, your code (a task file, in a child JVM),
 * or an application LoomScope did not start (attached, connected, started with the agent's flag, or read from the
 * agent's file; several side by side). Every panel, card, clip, history row and export asks this what applies to a
 * run and what to call it: nothing decides it from the class of a run's scenario.
 */
public sealed interface RunSource permits RunSource.ThisJvm, RunSource.ChildJvm, RunSource.YourCode,
        RunSource.Application {

    /** A scenario (the seed is one) run in LoomScope's own JVM. */
    record ThisJvm() implements RunSource { }

    /** A scenario run in a child JVM of a chosen runtime. */
    record ChildJvm() implements RunSource { }

    /** Your code: a task file's class, compiled here and run in a child JVM. */
    record YourCode(String taskClass) implements RunSource { }

    /** An application LoomScope did not start, recorded by its agent: one JVM, or several side by side. */
    record Application(List<Jvm> jvms) implements RunSource {
        public Application {
            if (jvms.isEmpty()) {
                throw new IllegalArgumentException("an application is at least one JVM");
            }
            jvms = List.copyOf(jvms);
        }

        /** One JVM. */
        public static Application of(Jvm jvm) {
            return new Application(List.of(jvm));
        }
    }

    /**
     * One attached JVM.
     *
     * @param mainClass  its main class (or jar), as its launcher named it
     * @param pid        its pid as it told it; -1 where not known (a file saved before LoomScope kept it)
     * @param host       where it ran, for one connected to over TLS ({@code 10.0.0.7:7071}); null on this machine
     * @param jdkVersion the Java it ran
     */
    record Jvm(String mainClass, long pid, String host, String jdkVersion, Reached reached) {
        public Jvm {
            mainClass = mainClass == null || mainClass.isBlank() ? "an application" : mainClass;
            jdkVersion = jdkVersion == null ? "" : jdkVersion;
            if (reached == null) {
                throw new IllegalArgumentException("how the JVM was reached");
            }
        }

        /** "OrderServer" of "shop.OrderServer", "app.jar" of "/srv/app.jar": what a title has room for. */
        public String shortName() {
            return RunSource.shortNameOf(mainClass);
        }

        /** "pid 4123 on this machine", "pid 4123 at 10.0.0.7:7071", "pid not kept". */
        public String where() {
            String p = pid >= 0 ? "pid " + pid : "pid not kept";
            return host == null ? p + (pid >= 0 ? " on this machine" : "") : p + " at " + host;
        }
    }

    /** "Shop" of "com.example.Shop", "app.jar" of "/srv/app.jar", each of "a.Server+b.Client": what a title has room for. */
    public static String shortNameOf(String mainClasses) {
        StringBuilder out = new StringBuilder();
        for (String m : mainClasses.split("\\+")) {
            String whole = m;
            int slash = Math.max(m.lastIndexOf('/'), m.lastIndexOf('\\'));
            if (slash >= 0) {
                m = m.substring(slash + 1);
            }
            if (!m.endsWith(".jar") && m.lastIndexOf('.') >= 0) {
                m = m.substring(m.lastIndexOf('.') + 1);
            }
            out.append(out.isEmpty() ? "" : "+").append(m.isEmpty() ? whole : m);
        }
        return out.toString();
    }

    /** How LoomScope reached an application's JVM. */
    enum Reached {
        ATTACHED("attached by its pid (the JDK's attach)"),
        CONNECTED("connected to its listening agent (TLS)"),
        STARTED_WITH_AGENT("started with the agent's flag (attach --wait)"),
        AGENT_FILE("read from the agent's file (save=)"),
        NOT_KEPT("not kept (saved before LoomScope kept it)");

        private final String words;

        Reached(String words) {
            this.words = words;
        }

        public String words() { return words; }
    }

    /**
     * What a thread of the run is called where one is named alone (the inspector): ours are named {@code loomscope-vt-N}
     * by the workload, and are so in their stacks and JFR's events; an application's threads have names of their own
     * that the recording does not keep, so they are called by their number in it, as their lanes' boxes call them.
     */
    default String threadLabel(int vt) {
        return this instanceof Application ? "VT " + vt : "loomscope-vt-" + vt;
    }

    /** What the exports call it: {@code scenario}, {@code child}, {@code task-file} or {@code application}. */
    default String exportName() {
        return switch (this) {
            case ThisJvm t -> "scenario";
            case ChildJvm c -> "child";
            case YourCode y -> "task-file";
            case Application a -> "application";
        };
    }

    /**
     * Whether LoomScope ran the run's tasks (the seed's controls, the bounds, the task counts, throughput and the
     * scenario's code apply); an application's threads are its own, and only their mounts are facts.
     */
    default boolean ranOurTasks() {
        return !(this instanceof Application);
    }

    /** The application's main classes, "+"-joined side by side ("OrderServer+Client"); null for a run of ours. */
    default String mainClass() {
        return this instanceof Application a
                ? a.jvms().stream().map(Jvm::mainClass).collect(Collectors.joining("+")) : null;
    }

    /**
     * The code the run ran that is not LoomScope's, by its class: an application's main classes, your code's task
     * class; null for a scenario of ours. What a clip of it is titled by.
     */
    default String ownCodeName() {
        return switch (this) {
            case Application a -> mainClass();
            case YourCode y -> y.taskClass();
            case ThisJvm t -> null;
            case ChildJvm c -> null;
        };
    }

    /** The application's short names joined ("OrderServer+Client"): file names and clip titles; null for a run of ours. */
    default String shortName() {
        return this instanceof Application a
                ? a.jvms().stream().map(Jvm::shortName).collect(Collectors.joining("+")) : null;
    }

    /** Where JFR ran, as the "Verified by the JDK" panel says it. */
    default String jfrRanIn() {
        return switch (this) {
            case ThisJvm t -> "this JVM";
            case ChildJvm c -> "the child JVM";
            case YourCode y -> "the child JVM your code ran in";
            case Application a -> a.jvms().size() == 1 ? "the application (the agent's JFR tap inside " + a.jvms().get(0).shortName() + ")"
                    : "each application (the agents' JFR taps inside " + shortName() + ")";
        };
    }
}
