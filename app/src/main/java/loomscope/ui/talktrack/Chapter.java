package loomscope.ui.talktrack;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import loomscope.scenario.ScenarioParams;
import loomscope.workload.LockMode;

/**
 * One chapter of the talk: the experiment it sets up and what the speaker says over it.
 *
 * @param number 1-based position in the talk
 * @param scenario what runs, with its own parameters (the seed's too: lock, cpu-iterations, sleep-ms)
 * @param lock the lock mode its code uses (the seed's lock parameter); shown, applied only as that parameter
 * @param narration one line, shown on the big screen under the chapter title
 * @param notes speaker notes, shown only in the notes window
 * @param showsCode whether the big screen shows the code that runs: the scenario's real source, never typed text
 * @param sleepMillis the sleep the chapter names for the seed (its stand-in sleeps it too), or null
 * @param runOn where the chapter's story happens
 * @param standIn what to run here while {@code runOn} cannot be reached; null when runOn is this JVM
 * @param snippet a {@code .java} file the chapter runs as your code (the snippet folder's, else a starter's), or null
 * @param named   the parameters the chapter sets, or null for every one of its scenario's (defaults filled in); a
 *                chapter written with the seed's old keys ({@code "lock"}, {@code "sleepMs"}) sets only those
 */
public record Chapter(int number, String title, ScenarioParams scenario, LockMode lock, int parallelism, int threads,
                      Integer sleepMillis, String narration, String notes, boolean showsCode, ChapterRunTarget runOn,
                      StandIn standIn, String snippet, Set<String> named) {

    public Chapter {
        named = named == null ? null : Set.copyOf(named);
    }

    public Chapter(int number, String title, ScenarioParams scenario, LockMode lock, int parallelism, int threads,
                   Integer sleepMillis, String narration, String notes, boolean showsCode, ChapterRunTarget runOn,
                   StandIn standIn, String snippet) {
        this(number, title, scenario, lock, parallelism, threads, sleepMillis, narration, notes, showsCode, runOn, standIn,
                snippet, null);
    }

    public Chapter(int number, String title, ScenarioParams scenario, LockMode lock, int parallelism, int threads,
                   Integer sleepMillis, String narration, String notes, boolean showsCode, ChapterRunTarget runOn,
                   StandIn standIn) {
        this(number, title, scenario, lock, parallelism, threads, sleepMillis, narration, notes, showsCode, runOn, standIn, null);
    }

    /** The seed with a lock mode (and its sleep, or null for the chapter's), run here instead of the chapter's real target. */
    public record StandIn(LockMode lock, Integer sleepMillis, String label) {
        public StandIn(LockMode lock, String label) {
            this(lock, null, label);
        }
    }

    /** "synchronized" for the seed, the scenario's name otherwise: what a list of chapters says it runs. */
    public String runs() {
        return snippet != null ? snippet : scenario.scenario().label(scenario);
    }

    /**
     * The settings to apply now. An unreachable target becomes its fallback (JDK 21 → this JDK with legacy
     * locking) when that is reachable; it never silently becomes "this JVM": without either it becomes
     * the declared stand-in (the seed with the stand-in's lock) and the setup carries its label.
     */
    public ChapterSetup setupFor(Set<ChapterRunTarget> reachable) {
        if (runOn == ChapterRunTarget.THIS_JVM || reachable.contains(runOn)) {
            return new ChapterSetup(this, scenario, lock, sleepMillis, runOn, null, named);
        }
        if (runOn.fallback() != null && reachable.contains(runOn.fallback())) {
            return new ChapterSetup(this, scenario, lock, sleepMillis, runOn.fallback(), null, named);
        }
        Integer sleep = standIn.sleepMillis() != null ? standIn.sleepMillis() : sleepMillis;
        return new ChapterSetup(this, TalkTrackLoader.seed(standIn.lock(), sleep), standIn.lock(), sleep,
                ChapterRunTarget.THIS_JVM, standIn.label(), TalkTrackLoader.seedNamed(sleep));
    }

    /**
     * What one chapter sets, resolved for the JVMs at hand: the scenario and its parameters, and the JVM.
     *
     * @param named the parameters it sets, or null for every one ({@link Chapter#named})
     */
    public record ChapterSetup(Chapter chapter, ScenarioParams scenario, LockMode lock, Integer sleepMillis,
                               ChapterRunTarget target, String standInLabel, Set<String> named) {
        public boolean isStandIn() {
            return standInLabel != null;
        }

        public int parallelism() {
            return chapter.parallelism();
        }

        /**
         * The parameter values the chapter sets: every one of its scenario's (defaults filled in: a chapter's run is
         * the same whatever was typed before), or only those it {@link #named} (the seed's old keys: its lock and the
         * sleep it names, as always).
         */
        public Map<String, String> values() {
            if (named == null) {
                return scenario.values();
            }
            Map<String, String> set = new LinkedHashMap<>();
            scenario.values().forEach((name, value) -> {
                if (named.contains(name)) {
                    set.put(name, value);
                }
            });
            return set;
        }

        public int threads() {
            return chapter.threads();
        }
    }
}
