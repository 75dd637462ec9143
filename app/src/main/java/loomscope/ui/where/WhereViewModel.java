package loomscope.ui.where;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import loomscope.probe.CauseReport;
import loomscope.probe.MountInspector;
import loomscope.probe.SiteTable;
import loomscope.probe.StackFrame;
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
    private final FilteredList<CauseReport.Site> shownSites = new FilteredList<>(sites);
    private final ObjectProperty<String> causeFilter = new SimpleObjectProperty<>(ALL_CAUSES);
    /** The selected site's mounts, in time order, and the one stepped to (null before a step). */
    private final List<MountRef> mountsOfSelected = new ArrayList<>();
    private final ReadOnlyObjectWrapper<MountRef> stepped = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper stepText = new ReadOnlyStringWrapper("");
    private final ObservableList<String> steppedStack = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper stackTitle = new ReadOnlyStringWrapper(NO_STACK);
    private int step = -1;
    private RunRecording shown;
    private int shownClassed = -1;

    /** The filter that lets every site through; the others are a site's kind ({@code pinned}, {@code captured}). */
    public static final String ALL_CAUSES = "all causes";
    static final String NO_STACK = "Select a site in Where and step through its mounts: each one's stack shows here.";
    public static final List<String> CAUSE_FILTERS = List.of(ALL_CAUSES, "pinned", "captured", "unsure");

    /**
     * One mount of the selected site: its lane (the carrier's index in the run on show) and its index in that carrier's
     * log, with its times (nanos since the recording's origin).
     */
    public record MountRef(int lane, int mount, long start, long end) { }

    public WhereViewModel() {
        causeFilter.addListener((o, was, now) -> shownSites.setPredicate(
                now == null || ALL_CAUSES.equals(now) ? null : site -> now.equals(site.kind())));
        selected.addListener((o, was, site) -> collectMounts());
    }

    static final String NOTHING = "No site yet: a run's pinned and captured mounts are placed once it is over.";

    public ObservableList<CauseReport.Site> sites() { return sites; }

    /** The sites the cause filter lets through (the table sorts its own view of them). */
    public ObservableList<CauseReport.Site> shownSites() { return shownSites; }

    /** Which sites are listed: {@link #ALL_CAUSES}, or one kind ({@link #CAUSE_FILTERS}). */
    public ObjectProperty<String> causeFilterProperty() { return causeFilter; }

    /** The mount stepped to among the selected site's ({@link #next()}, {@link #previous()}), or null. */
    public ReadOnlyObjectProperty<MountRef> steppedProperty() { return stepped.getReadOnlyProperty(); }

    /** "mount 3 of 57 at 12.345 s", or what to do to step: beside the Next and Previous buttons. */
    public ReadOnlyStringProperty stepTextProperty() { return stepText.getReadOnlyProperty(); }

    /** How many mounts the selected site has. */
    public int mountsOfSelected() { return mountsOfSelected.size(); }

    /** Steps to the selected site's next mount in time (from the first, and round to it after the last). */
    public void next() {
        stepTo(mountsOfSelected.isEmpty() ? -1 : (step + 1) % mountsOfSelected.size());
    }

    /** Steps to the selected site's previous mount in time (from the last, and round). */
    public void previous() {
        int n = mountsOfSelected.size();
        stepTo(n == 0 ? -1 : step <= 0 ? n - 1 : step - 1);
    }

    private void stepTo(int at) {
        step = at;
        MountRef m = at < 0 ? null : mountsOfSelected.get(at);
        stepped.set(m);
        stepText.set(stepWords());
        showStack(m);
    }

    /** The frames of the mount stepped to, innermost first, as its witness saw them (the code pane of an application). */
    public ObservableList<String> steppedStack() { return steppedStack; }

    /** What {@link #steppedStack()} is the stack of, or what to do to see one. */
    public ReadOnlyStringProperty stackTitleProperty() { return stackTitle.getReadOnlyProperty(); }

    private void showStack(MountRef m) {
        RunRecording r = shown;
        CauseReport.Site site = selected.get();
        if (m == null || r == null || site == null || m.lane() >= r.carriers().length) {
            steppedStack.clear();
            stackTitle.set(site == null ? NO_STACK : site.frame() + " (" + site.kind() + "): press Next for its first mount's stack.");
            return;
        }
        MountInspector.MountInspection inspected = MountInspector.of(r, r.carriers()[m.lane()], m.mount());
        steppedStack.setAll(inspected.stack().stream().map(StackFrame::toString).toList());
        stackTitle.set(String.format(Locale.ROOT, "%s, %s on %s: %s", site.frame(), inspected.thread(), inspected.carrier(),
                inspected.held()));
        if (steppedStack.isEmpty()) {
            steppedStack.add("(no stack kept for this mount)");
        }
    }

    private String stepWords() {
        if (selected.get() == null) {
            return "Select a site: Next and Previous step through its mounts.";
        }
        if (step < 0) {
            return String.format(Locale.ROOT, "%,d mounts here: Next and Previous step through them.", mountsOfSelected.size());
        }
        MountRef m = mountsOfSelected.get(step);
        long origin = shown == null ? 0 : Math.max(0, shown.runStart());
        return String.format(Locale.ROOT, "mount %,d of %,d, at %.3f s (%.2f ms)", step + 1, mountsOfSelected.size(),
                (m.start() - origin) / 1e9, (m.end() - m.start()) / 1e6);
    }

    /** The selected site's mounts, in time order: once a selection (a site has as many as its count). */
    private void collectMounts() {
        mountsOfSelected.clear();
        CauseReport.Site site = selected.get();
        RunRecording r = shown;
        if (site != null && r != null) {
            CarrierLog[] logs = r.carriers();
            for (int lane = 0; lane < logs.length; lane++) {
                CarrierLog log = logs[lane];
                for (int i = 0; i < log.size(); i++) {
                    if (SiteTable.isAt(r, log, i, site)) {
                        mountsOfSelected.add(new MountRef(lane, i, log.start(i), log.end(i)));
                    }
                }
            }
            mountsOfSelected.sort(java.util.Comparator.comparingLong(MountRef::start));
        }
        stepTo(-1);
    }

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
        collectMounts();   // the same site's mounts in the run now on show
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
