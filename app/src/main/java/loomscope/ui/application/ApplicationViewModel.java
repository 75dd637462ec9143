package loomscope.ui.application;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import loomscope.probe.CauseReport;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSource;
import loomscope.recording.RunSummary;
import loomscope.report.ApplicationRun;

/**
 * An application's view of a run (issue #45): what its source and its recording say of the JVM it was recorded in, in
 * place of the seed's controls, bounds and task counts, which apply only to runs LoomScope ran. No toolkit calls:
 * tested without a window.
 */
public final class ApplicationViewModel {
    /** One line of the facts: what it is and its value. */
    public record Fact(String name, String value) { }

    /** The top sites shown beside the facts; the Where table lists them all. */
    static final int TOP_SITES = 5;

    private final ReadOnlyBooleanWrapper application = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper header = new ReadOnlyStringWrapper("");
    private final ObservableList<Fact> facts = FXCollections.observableArrayList();
    private final ObservableList<String> topSites = FXCollections.observableArrayList();
    private RunRecording shown;
    private int shownClassed = -1;

    /** Whether the run on show is an application's (the window then shows this view, not the seed's). */
    public ReadOnlyBooleanProperty applicationProperty() { return application.getReadOnlyProperty(); }

    /** "com.example.Shop", "shop.Server + shop.Client". */
    public ReadOnlyStringProperty titleProperty() { return title.getReadOnlyProperty(); }

    /** One line for a header: "Application com.example.Shop · pid 4242 on this machine · Java 25.0.3 · attached by its pid". */
    public ReadOnlyStringProperty headerProperty() { return header.getReadOnlyProperty(); }

    public ObservableList<Fact> facts() { return facts; }

    public ObservableList<String> topSites() { return topSites; }

    /** Follows the run on show; cheap when it did not change (called every pulse). */
    public void show(RunRecording r) {
        int classed = r == null ? -1 : r.classed();
        if (r == shown && classed == shownClassed) {
            return;
        }
        shown = r;
        shownClassed = classed;
        RunSource.Application app = r != null && r.source() instanceof RunSource.Application a ? a : null;
        application.set(app != null);
        if (app == null) {
            title.set("");
            header.set("");
            facts.clear();
            topSites.clear();
            return;
        }
        title.set(String.join(" + ", app.jvms().stream().map(RunSource.Jvm::mainClass).toList()));
        RunSource.Jvm first = app.jvms().get(0);
        header.set(app.jvms().size() == 1
                ? String.format(Locale.ROOT, "Application %s · %s · Java %s · %s", first.mainClass(), first.where(),
                        first.jdkVersion(), first.reached().words())
                : String.format(Locale.ROOT, "Applications %s · %d JVMs side by side", title.get(), app.jvms().size()));
        facts.setAll(factsOf(r, app));
        topSites.setAll(topSitesOf(r));
    }

    static List<Fact> factsOf(RunRecording r, RunSource.Application app) {
        List<Fact> out = new ArrayList<>();
        for (RunSource.Jvm jvm : app.jvms()) {
            String which = app.jvms().size() == 1 ? "" : " (" + jvm.shortName() + ")";
            out.add(new Fact("Main class" + which, jvm.mainClass()));
            out.add(new Fact("Where" + which, jvm.where()));
            out.add(new Fact("Java" + which, jvm.jdkVersion().isEmpty() ? "not told" : jvm.jdkVersion()));
            out.add(new Fact("Reached" + which, jvm.reached().words()));
        }
        long recorded = r.isFinished() ? r.runEnd() - Math.max(0, r.runStart()) : r.now() - Math.max(0, r.runStart());
        out.add(new Fact("Recorded", String.format(Locale.ROOT, "%.1f s", recorded / 1e9)));
        out.add(new Fact("Carriers", String.format(Locale.ROOT, "%,d", r.carrierCount())));
        out.add(new Fact("Virtual threads seen", String.format(Locale.ROOT, "%,d", r.threads())));
        ApplicationRun counts = ApplicationRun.of(r);
        if (counts != null) {
            out.add(new Fact("Mounts", String.format(Locale.ROOT, "%,d", counts.mounts())));
            out.add(new Fact("By cause", String.format(Locale.ROOT, "%,d pinned · %,d captured · %,d stalled · %,d unsure",
                    counts.pinned(), counts.captured(), counts.stalled(), counts.unsure())));
        } else {
            RunSummary s = RunSummary.of(r);
            out.add(new Fact("Mounts", String.format(Locale.ROOT, "%,d (%,d pinned)", s.mounts(), s.pinnedMounts())));
        }
        if (r.droppedInTarget() > 0) {
            out.add(new Fact("Dropped in the target", String.format(Locale.ROOT, "%,d episodes (gaps are not all idle)",
                    r.droppedInTarget())));
        }
        return out;
    }

    static List<String> topSitesOf(RunRecording r) {
        ApplicationRun counts = ApplicationRun.of(r);
        List<CauseReport.Site> sites = counts == null ? List.of() : counts.sites();
        List<String> out = new ArrayList<>();
        for (CauseReport.Site s : sites.subList(0, Math.min(TOP_SITES, sites.size()))) {
            out.add(String.format(Locale.ROOT, "%s  %s × %,d  %,.1f ms held", s.frame(), s.kind(), s.count(), s.heldMillis()));
        }
        return out;
    }
}
