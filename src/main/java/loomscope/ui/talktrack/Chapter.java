package loomscope.ui.talktrack;

import java.util.Set;

import loomscope.workload.LockMode;

/**
 * One chapter of the talk: the experiment it sets up and what the speaker says over it.
 *
 * @param number 1-based position in the talk
 * @param narration one line, shown on the big screen under the chapter title
 * @param notes speaker notes, shown only in the notes window
 * @param code optional code to show on screen (the seed's loop), or null
 * @param sleepMillis the sleep inside the lock, or null to keep the current value
 * @param runOn where the chapter's story happens
 * @param standIn what to run here while {@code runOn} cannot be reached; null when runOn is this JVM
 */
public record Chapter(int number, String title, LockMode lock, int parallelism, int threads, Integer sleepMillis,
                      String narration, String notes, String code, ChapterRunTarget runOn, StandIn standIn) {

    /** A mode run here instead of the chapter's real target, with the words that say so on screen. */
    public record StandIn(LockMode lock, String label) { }

    /**
     * The settings to apply now. An unreachable target becomes its fallback (JDK 21 → this JDK with legacy
     * locking) when that is reachable; it never silently becomes "this JVM": without either it becomes
     * the declared stand-in and the setup carries its label.
     */
    public ChapterSetup setupFor(Set<ChapterRunTarget> reachable) {
        if (runOn == ChapterRunTarget.THIS_JVM || reachable.contains(runOn)) {
            return new ChapterSetup(this, lock, runOn, null);
        }
        if (runOn.fallback() != null && reachable.contains(runOn.fallback())) {
            return new ChapterSetup(this, lock, runOn.fallback(), null);
        }
        return new ChapterSetup(this, standIn.lock(), ChapterRunTarget.THIS_JVM, standIn.label());
    }

    /** What one chapter sets, resolved for the JVMs at hand. */
    public record ChapterSetup(Chapter chapter, LockMode lock, ChapterRunTarget target, String standInLabel) {
        public boolean isStandIn() {
            return standInLabel != null;
        }

        public int parallelism() {
            return chapter.parallelism();
        }

        public int threads() {
            return chapter.threads();
        }
    }
}
