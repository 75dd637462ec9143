package loomscope.ui.compare;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.function.Consumer;

import loomscope.runs.RunTarget;
import loomscope.recording.RunSummary;
import loomscope.report.HistoryEntry;
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
        CompareSideViewModel left = model.left();
        CompareSideViewModel right = model.right();
        if (!left.hasComparableTime() || !right.hasComparableTime()) {
            return null;
        }
        RunSummary a = left.summaryProperty().get();
        RunSummary b = right.summaryProperty().get();
        // where each side really ran, not what its selector says now (it may have changed since)
        HistoryEntry first = new HistoryEntry(a, Instant.now(), left.ranWithFlags())
                .withUnsureMounts(left.unsureMounts());
        HistoryEntry second = new HistoryEntry(b, Instant.now(), right.ranWithFlags())
                .withUnsureMounts(right.unsureMounts());
        String firstName = first.jdkName();
        String secondName = second.jdkName();
        if (firstName.equals(secondName)) {
            firstName += " (left)";
            secondName += " (right)";
        }
        return TimingCard.comparing(firstName, first, secondName, second,
                model.ranAs() == CompareViewModel.Order.TOGETHER, date);
    }
}
