package loomscope.ui.talktrack;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import loomscope.scenario.ScenarioParams;
import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;

/**
 * One chapter of the talk: the experiment it sets up and what the speaker says over it.
 *
 * @param number 1-based position in the talk
 * @param scenario what runs, with its own parameters (the seed's are {@code lock} and {@code sleepMillis})
 * @param lock the seed's lock mode; for another scenario the lock its code uses (shown, never applied)
 * @param narration one line, shown on the big screen under the chapter title
 * @param notes speaker notes, shown only in the notes window
 * @param showsCode whether the big screen shows the code that runs: the scenario's real source, never typed text
 * @param sleepMillis the seed's sleep inside the lock, or null to keep the current value
 * @param runOn where the chapter's story happens
 * @param standIn what to run here while {@code runOn} cannot be reached; null when runOn is this JVM
 * @param snippet a {@code .java} file the chapter runs as your code (the snippet folder's, else a starter's), or null
 */
public record Chapter(int number, String title, ScenarioParams scenario, LockMode lock, int parallelism, int threads,
                      Integer sleepMillis, String narration, String notes, boolean showsCode, ChapterRunTarget runOn,
                      StandIn standIn, String snippet) {

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
            return new ChapterSetup(this, scenario, lock, sleepMillis, runOn, null);
        }
        if (runOn.fallback() != null && reachable.contains(runOn.fallback())) {
            return new ChapterSetup(this, scenario, lock, sleepMillis, runOn.fallback(), null);
        }
        Integer sleep = standIn.sleepMillis() != null ? standIn.sleepMillis() : sleepMillis;
        return new ChapterSetup(this, TalkTrackLoader.seed(standIn.lock(), sleep), standIn.lock(), sleep,
                ChapterRunTarget.THIS_JVM, standIn.label());
    }

    /** What one chapter sets, resolved for the JVMs at hand: the scenario (the seed's lock and sleep) and the JVM. */
    public record ChapterSetup(Chapter chapter, ScenarioParams scenario, LockMode lock, Integer sleepMillis,
                               ChapterRunTarget target, String standInLabel) {
        public boolean isStandIn() {
            return standInLabel != null;
        }

        public int parallelism() {
            return chapter.parallelism();
        }

        /**
         * The parameter values the chapter sets: every one of its scenario's (defaults filled in: a chapter's run is
         * the same whatever was typed before), but of the seed only its lock and the sleep it names, as always.
         */
        public Map<String, String> values() {
            if (!(scenario.scenario() instanceof SeedScenario)) {
                return scenario.values();
            }
            Map<String, String> seed = new LinkedHashMap<>();
            seed.put(SeedScenario.LOCK, lock.cliName());
            if (sleepMillis != null) {
                seed.put(SeedScenario.SLEEP, Integer.toString(sleepMillis));
            }
            return seed;
        }

        public int threads() {
            return chapter.threads();
        }
    }
}
