package loomscope.ui.compare;

import java.time.LocalDate;
import java.util.function.Consumer;

import loomscope.recording.RunSummary;
import loomscope.remote.LegacyLocking;
import loomscope.remote.RunTarget;
import loomscope.report.HistoryEntry;
import loomscope.report.TimeText;
import loomscope.report.TimingCard;

/**
 * The compare view's timing card: both sides' runs, named by the JVM that really ran them, with their
 * times, bars and ratio ({@link TimingCard#comparing}). Only two completed runs make a card.
 */
public final class CompareCard {

    /** Writes a card somewhere (the stage's export controller) and says how it went, on the FX thread. */
    @FunctionalInterface
    public interface Export {
        void export(TimingCard card, Consumer<String> tell);
    }

    private CompareCard() { }

    /** The card for the last comparison, or null unless both sides completed. */
    public static TimingCard of(CompareViewModel model, LocalDate date) {
        CompareSideModel left = model.left();
        CompareSideModel right = model.right();
        if (!left.hasComparableTime() || !right.hasComparableTime()) {
            return null;
        }
        RunSummary a = left.summaryProperty().get();
        RunSummary b = right.summaryProperty().get();
        String first = name(left.targetProperty().get(), a);
        String second = name(right.targetProperty().get(), b);
        if (first.equals(second)) {
            first += " (left)";
            second += " (right)";
        }
        return TimingCard.comparing(first, HistoryEntry.finishedNow(a), second, HistoryEntry.finishedNow(b), date);
    }

    /**
     * "JDK 21", "JDK 25 + legacy locking": the Java version comes from the recording (what really ran), the
     * flags from the target (a summary does not know them).
     */
    static String name(RunTarget target, RunSummary run) {
        String jdk = "JDK " + TimeText.jdkFeature(run.jdkVersion());
        if (target instanceof RunTarget.ChildJvm c && !c.jvmArgs().isEmpty()) {
            return jdk + (c.jvmArgs().equals(java.util.List.of(LegacyLocking.FLAG)) ? " + legacy locking" : " " + String.join(" ", c.jvmArgs()));
        }
        return jdk;
    }
}
