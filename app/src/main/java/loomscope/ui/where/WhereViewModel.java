package loomscope.ui.where;

import java.util.List;
import java.util.Locale;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import loomscope.probe.CauseReport;
import loomscope.probe.SiteTable;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;

/**
 * The Where table's model: the sites of the run on show (the lines of code where its carriers were held: pinned,
 * captured, or unsure where a sampled stack says where; each with its reasons counted),
 * refreshed when the run changes or the JDK's witnesses class its mounts, and the site the user selected, whose mounts
 * the lanes mark. No toolkit calls: tested without a window (WhereViewModelTest).
 */
public final class WhereViewModel {
    private final ObservableList<CauseReport.Site> sites = FXCollections.observableArrayList();
    private final ObjectProperty<CauseReport.Site> selected = new SimpleObjectProperty<>();
    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper(NOTHING);
    private RunRecording shown;
    private int shownClassed = -1;

    static final String NOTHING = "No site yet: a run's pinned and captured mounts are placed once it is over.";

    public ObservableList<CauseReport.Site> sites() { return sites; }

    /** The selected site, or null. */
    public ObjectProperty<CauseReport.Site> selectedProperty() { return selected; }

    /** What the table says beside its rows: how many sites, or why there are none. */
    public ReadOnlyStringProperty noteProperty() { return note.getReadOnlyProperty(); }

    /**
     * Follows {@code recording} (the one on show, or null); cheap when nothing changed, so it can be called every pulse.
     * The sites are counted once a classification, not once a frame.
     */
    public void show(RunRecording recording) {
        int classed = recording == null ? -1 : recording.classed();
        if (recording == shown && classed == shownClassed) {
            return;
        }
        CauseReport.Site was = selected.get();
        shown = recording;
        shownClassed = classed;
        sites.setAll(recording == null ? List.of() : SiteTable.of(recording));
        selected.set(was != null && sites.contains(was) ? was : null);
        note.set(sites.isEmpty() ? NOTHING : String.format(Locale.ROOT,
                "%,d site%s where carriers were held, most carrier time first. Select one to mark its mounts.",
                sites.size(), sites.size() == 1 ? "" : "s"));
    }

    /** Whether mount {@code i} of {@code log} (a carrier of the run on show) belongs to the selected site. */
    public boolean marked(CarrierLog log, int i) {
        CauseReport.Site site = selected.get();
        RunRecording r = shown;
        return site != null && r != null && SiteTable.isAt(r, log, i, site);
    }

    /** A site's Reasons cell: "socket write ×7, socket read ×2", or "(not named)" where no witness named one. */
    static String reasons(CauseReport.Site site) {
        String text = site.reasonsText();
        return text.isEmpty() ? "(not named)" : text;
    }

    /** The run whose sites are listed, or null. */
    public RunRecording shown() { return shown; }
}
