package loomscope.ui.probe;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;

import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.input.MouseEvent;
import javafx.stage.FileChooser;
import loomscope.probe.InProcessSnapshotter;
import loomscope.probe.MountInspector;
import loomscope.probe.ProbeSession;
import loomscope.probe.SnapshotInspector;
import loomscope.probe.ThreadDumpExport;
import loomscope.probe.ThreadSnapshot;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.ui.job.BackgroundJob;
import loomscope.ui.keys.KeyBinding;
import loomscope.ui.keys.KeyMap;
import loomscope.ui.run.RunState;
import loomscope.ui.theme.AppTheme;

/**
 * Puts the JDK's view into the main window through its hook points only: the extra-observer factory and the
 * current-run property of the window it is put into ({@link ProbeHost}), one pulse hook,
 * a lane overlay, two side panels, mouse clicks on the field and lanes, and Ctrl+Shift+J / Ctrl+Shift+D.
 */
public final class ProbeView {
    private final ProbeHost view;
    private final ProbeViewModel probes;
    private final JfrLaneOverlay overlay;
    private final VerifiedPanel verified;
    private final InspectorPanel inspector = new InspectorPanel();
    private final PinnedThreadsPanel table;
    private final ProbeSidePanel side;
    private int selectedVt = -1;
    private int selectedLane = -1;
    private long lastInspect;
    private boolean colourDirty = true;

    private ProbeView(ProbeHost view, ProbeViewModel probes) {
        this.view = view;
        this.probes = probes;
        this.overlay = new JfrLaneOverlay(probes, () -> view.recordingView().recording());
        this.verified = new VerifiedPanel(probes);
        this.table = new PinnedThreadsPanel(probes.rows());
        this.side = new ProbeSidePanel(verified, table, inspector);
    }

    /** Wires {@code probes} into {@code view}; call once, on the FX thread, before the first run. */
    public static ProbeView install(ProbeHost view, ProbeViewModel probes) {
        ProbeView ui = new ProbeView(view, probes);
        view.setExtraObserver(ui.probes::prepare);
        view.currentRunProperty().addListener((o, was, run) -> {
            if (run != null) {
                ui.probes.attach(run);
            }
        });
        view.recordingView().lanes().setOverlay(ui.overlay);
        // under timing and the history (the seeds' comparison, built up run by run), which stay above the fold
        view.addSidePanel(2, ui.side);
        view.addPulseHook(ui::pulse);
        view.recordingView().field().addEventHandler(MouseEvent.MOUSE_CLICKED, e -> ui.inspectThread(
                view.recordingView().field().threadAt(e.getX(), e.getY())));
        // the mount the click selected (the nearest within a few pixels at any zoom), else what the carrier ran
        view.recordingView().addMountClickListener((lane, mount) -> {
            if (mount >= 0) {
                ui.inspectMount(lane, mount);
            } else {
                ui.inspectLane(lane);
            }
        });
        ui.verified.saveJfr().setOnAction(e -> ui.saveJfr());
        ui.verified.exportDump().setOnAction(e -> ui.exportDump());
        AppTheme.currentProperty().addListener((o, was, now) -> ui.colourDirty = true);
        view.sceneProperty().addListener((o, was, scene) -> {
            if (scene != null) {
                KeyMap.install(scene, Map.of(KeyBinding.SAVE_JFR, ui::saveJfr, KeyBinding.THREAD_DUMP, ui::exportDump));
            }
        });
        return ui;
    }

    private void pulse(long now) {
        if (colourDirty && view.getScene() != null) {
            overlay.setColour(view.recordingView().palette().text());
            colourDirty = false;
        }
        int eventsBefore = probes.index().size();
        ProbeSession before = probes.session();
        probes.pulse(now);
        probes.showing(view.recordingView().recording());
        if (probes.index().size() != eventsBefore || probes.session() != before) {
            view.recordingView().redrawNextFrame(); // a paused replay skips unchanged frames; JFR's events came late
        }
        ProbeSession s = probes.session();
        verified.saveJfr().setDisable(s == null || s.jfr() == null || probes.reportProperty().get() == null
                || probes.showsAnotherRun());
        if ((selectedVt >= 0 || selectedLane >= 0) && now - lastInspect > 250_000_000L) {
            lastInspect = now;
            inspect();
        }
    }

    void inspectThread(int vt) {
        if (vt >= 0) {
            selectedVt = vt;
            selectedLane = -1;
            side.showInspector();
            inspect();
        }
    }

    /** The inspector on mount {@code mount} of lane {@code lane} of the run on show (Where's steps through a site). */
    public void inspectMount(int lane, int mount) {
        RunRecording r = view.recordingView().recording();
        if (r == null || lane < 0 || lane >= r.carriers().length || mount < 0 || mount >= r.carriers()[lane].size()) {
            return;
        }
        selectedLane = -1;
        selectedVt = -1;
        side.showInspector();
        MountInspector.MountInspection m = MountInspector.of(r, r.carriers()[lane], mount);
        inspector.showMount(m, r.runStart());
        offerYourLine(r, m);
    }

    /** What the inspector says of its subject now ("request-3: one mount"). */
    public String inspectedSubject() { return inspector.subjectText(); }

    /** Your code's line in the mount's stack, as a jump to the editor, while the editor shows the text that ran. */
    private void offerYourLine(RunRecording r, MountInspector.MountInspection m) {
        var yours = view.yourCodeIfChosen();
        int line = yours != null ? yours.lineOf(r, m.stack()) : 0;
        if (line > 0) {
            String className = yours.className();
            inspector.showSource(className, line, () -> yours.showLine(line));
        }
    }

    void inspectLane(int lane) {
        if (lane >= 0) {
            selectedLane = lane;
            selectedVt = -1;
            side.showInspector();
            inspect();
        }
    }

    /** The snapshot for the instant on screen: the newest while running, the one at the replay time after. */
    private void inspect() {
        ProbeSession s = probes.session();
        RunRecording r = probes.recording();
        InProcessSnapshotter snapshots = s == null ? null : s.snapshots();
        if (snapshots == null || r != view.recordingView().recording()) {
            inspector.show(new SnapshotInspector.Inspection(selectedVt < 0 ? "carrier " + selectedLane
                    : view.recordingView().recording() == null ? "VT " + selectedVt
                    : view.recordingView().recording().source().threadLabel(selectedVt),
                    -1, "no snapshots of this run (turn thread snapshots on for the next run)", "unknown", List.of(), -1), 0);
            return;
        }
        OptionalLong replayed = view.runState() != RunState.RUNNING ? view.replayTimeNanos() : OptionalLong.empty();
        ThreadSnapshot snapshot = replayed.isPresent() ? snapshots.snapshotAt(replayed.getAsLong()) : snapshots.latest();
        if (selectedVt >= 0) {
            inspector.show(SnapshotInspector.virtualThread(snapshot, selectedVt, snapshots.lastStackOf(selectedVt)), r.runStart());
        } else {
            CarrierLog[] carriers = r.carriers();
            String name = selectedLane < carriers.length ? carriers[selectedLane].name() : "loomscope-carrier-" + selectedLane;
            inspector.show(SnapshotInspector.carrier(snapshot, selectedLane, name), r.runStart());
        }
    }

    private void saveJfr() {
        ProbeSession s = probes.session();
        if (s == null || s.jfr() == null || probes.reportProperty().get() == null) {
            verified.status().setText("Save .jfr: after a run has finished (JFR must have been on).");
            return;
        }
        File file = choose("Save the run's JFR recording", "loomscope-run.jfr", "JFR recording", "*.jfr");
        if (file == null) {
            return;
        }
        background("Saving " + file.getName(), () -> {
            s.saveJfr(file.toPath());
            return "Saved " + file + " (open it in JDK Mission Control, or: jfr summary " + file.getName() + ").";
        });
    }

    private void exportDump() {
        boolean active = view.runState().isActive();
        if (active) {
            Alert warn = new Alert(Alert.AlertType.WARNING, ThreadDumpExport.WARNING + "\n\nExport anyway, now, during the run?",
                    ButtonType.CANCEL, ButtonType.OK);
            warn.setHeaderText("A HotSpot thread dump during a run can crash the app");
            warn.initOwner(view.getScene().getWindow());
            if (warn.showAndWait().orElse(ButtonType.CANCEL) != ButtonType.OK) {
                return;
            }
        }
        File file = choose("Export HotSpot thread dump (jcmd JSON format)", "loomscope-threads.json", "JSON thread dump", "*.json");
        if (file == null) {
            return;
        }
        Path path = file.toPath();
        background("Writing thread dump", () -> {
            long took = ThreadDumpExport.write(path, active, true);
            return String.format(Locale.ROOT, "Thread dump written to %s in %.0f ms.", path, took / 1e6);
        });
    }

    private File choose(String title, String name, String kind, String pattern) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.setInitialFileName(name);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind, pattern));
        return chooser.showSaveDialog(view.getScene().getWindow());
    }

    /** File work off the FX thread; the outcome comes back as one status text. */
    private void background(String what, Callable<String> work) {
        verified.status().setText(what + " ...");
        new BackgroundJob<String>(probes.files()).start(progress -> work.call(), outcome -> verified.status().setText(switch (outcome) {
            case BackgroundJob.Outcome.Done<String> done -> done.value();
            case BackgroundJob.Outcome.Failed<String> failed -> what + " failed: " + failed.error().getMessage();
        }));
    }

    // ---- for tests ----

    ProbeViewModel controller() { return probes; }

    JfrLaneOverlay overlay() { return overlay; }

    VerifiedPanel verifiedPanel() { return verified; }

    InspectorPanel inspectorPanel() { return inspector; }

    PinnedThreadsPanel pinnedThreadsPanel() { return table; }
}
