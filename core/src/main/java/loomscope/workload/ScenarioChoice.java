package loomscope.workload;

import java.util.Map;

/**
 * A scenario with its values, as a run needs it: what each task runs and what the run's readers ask of it. The
 * scenarios ({@code loomscope.scenario}) use the workload, never the other way round, so the run knows them only
 * through this; {@code scenario.ScenarioParams} is the one implementation ({@code scenario.Scenarios.of} reads it
 * back).
 */
public interface ScenarioChoice {

    /** The scenario's name, as the CLI names it: {@code waves}. */
    String name();

    /** Canonical text by parameter name, every one present, in the scenario's order. */
    Map<String, String> values();

    /** @throws IllegalArgumentException if the scenario has no parameter {@code name} */
    String value(String name);

    int intValue(String name);

    /** {@code k=v k=v}, in the scenario's order. */
    String text();

    /** Its values as a log line or a card names them (a scenario may leave out what only a machine needs). */
    String paramsText();

    /** What a card, a file name or a chart label calls a run of it. */
    String label();

    /** What one task does with these values. */
    TaskShape shape();

    /**
     * These values with {@code name} set to {@code value}.
     *
     * @throws RunLimits.InvalidRunException naming the parameter if the scenario has none such or refuses the value
     */
    ScenarioChoice with(String name, String value);

    /**
     * The class of your code it runs, where it runs a task file's class; null for LoomScope's own scenarios. A run's
     * source ({@code recording.RunSource}) asks this, so that no reader decides it from the scenario's class.
     */
    default String yourCodeClass() { return null; }

    /**
     * Whether it runs your code: the run reports the tasks that threw and what they printed, and may leave
     * processes of its own behind.
     */
    default boolean runsYourCode() { return yourCodeClass() != null; }

    /** Whether its carriers must be of the JDK's own carrier class (see CarrierPool). */
    boolean onJdkCarriers();

    /** @throws UnsupportedModeException if this JVM cannot run it, saying why and what would work */
    void checkRunnable();

    /** The per-run state of its task, made before the clock starts. @throws UnsupportedModeException as above */
    ScenarioRun prepare(WorkloadConfig config);
}
