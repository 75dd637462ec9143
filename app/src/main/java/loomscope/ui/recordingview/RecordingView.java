package loomscope.ui.recordingview;

import java.util.EnumSet;

import javafx.beans.value.ChangeListener;
import javafx.beans.value.WeakChangeListener;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import loomscope.attach.SideBySide;
import loomscope.picture.StateTimeline;
import loomscope.picture.ThreadLifetimes;
import loomscope.recording.MountClass;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSource;
import loomscope.recording.RunSummary;
import loomscope.recording.TimeAxis;
import loomscope.recording.VtState;
import loomscope.ui.field.StateLegend;
import loomscope.ui.field.ThreadFieldCanvas;
import loomscope.ui.lanes.LaneLegend;
import loomscope.ui.lanes.LanesCanvas;
import loomscope.ui.theme.AppTheme;
import loomscope.ui.theme.Palette;

/**
 * Carrier lanes and thread field for ANY {@link RunRecording} (this JVM's, a replay, another JVM's stream):
 * the owner calls {@link #showLive()} or {@link #showAt(long)} once per pulse. A compare view hosts two.
 */
public final class RecordingView extends VBox {
    private final LanesCanvas lanes = new LanesCanvas();
    private final ThreadFieldCanvas field = new ThreadFieldCanvas();
    private final StateLegend stateLegend = new StateLegend();
    private final LaneLegend laneLegend = new LaneLegend();
    private final Label lanesTitle = new Label("Carriers");
    private final Label fieldTitle = new Label("Virtual threads");
    private final TimeViewModel time = new TimeViewModel();
    private final OverviewStrip overview = new OverviewStrip();
    private final TimeViewInput input;
    private StateTimeline timeline;
    private Palette palette;
    // what the last replay frame showed, to skip identical frames: the lanes' (with the time view's version), the field's
    private final ShownFrame lanesShown = new ShownFrame();
    private int lastTimeVersion;
    private final ShownFrame fieldShown = new ShownFrame();
    /** Whether the area shows no run (idle lanes or none); the size and palette it was drawn at (no instant, no run). */
    private boolean clearShown;
    private final ShownFrame clearedShown = new ShownFrame();
    /** Carriers to show idle before any recording (the next run's P); 0: an empty area. */
    private int idleCarriers;
    private int fittedLanes = -1;
    private double minLaneHeight;
    private boolean paletteDirty = true;
    private final ChangeListener<AppTheme> themeChanged = (obs, was, now) -> paletteDirty = true;

    public RecordingView() {
        getStyleClass().add("recording-view");
        setSpacing(4);
        lanesTitle.getStyleClass().add("section-title");
        fieldTitle.getStyleClass().add("section-title");
        // the title is the legend's first item: items follow it and wrap at the full width (1920 px: one row)
        laneLegend.getChildren().add(0, lanesTitle);
        stateLegend.getChildren().add(0, fieldTitle);
        // lanes take the height their carriers need (up to a cap), the thread field the rest
        VBox.setVgrow(lanes, Priority.SOMETIMES);
        VBox.setVgrow(field, Priority.ALWAYS);
        // at 1280x720 the controls (with the stage's tools), a lane and the replay and status bars leave the field
        // about this much; more and the window is taller than the screen, its top and bottom cut off
        field.setMinHeight(56);
        fitLanes(1);
        input = new TimeViewInput(this, time, lanes, overview);
        // right under the axis's labels (the lanes keep 8 px below them): the strip takes as little height as it can
        VBox.setMargin(input.overviewRow(), new javafx.geometry.Insets(-4, 0, 0, 0));
        getChildren().addAll(laneLegend, lanes, input.overviewRow(), stateLegend, field);
        // weak: the theme is app-wide and outlives views (a compare view makes and drops them)
        AppTheme.currentProperty().addListener(new WeakChangeListener<>(themeChanged));
    }

    public LanesCanvas lanes() { return lanes; }

    /** The visible range and the selected mount (zoom, pan, follow now, fit the whole session). */
    public TimeViewModel time() { return time; }

    /** The strip of the whole session under the lanes, with the visible range on it. */
    public javafx.scene.Node overview() { return overview; }

    /** Follows now with the last {@code seconds} (the attach window: 10 s; the seed's window: 4 s, as before). */
    public void setFollowSeconds(double seconds) {
        lanes.setTrailSeconds(seconds);
        input.followSecondsShown(seconds);
        time.follow();
    }

    /** Told the lane and mount a click selected (mount -1: the click found no mount within reach on that lane). */
    @FunctionalInterface
    public interface MountClick {
        void clicked(int lane, int mount);
    }

    /** Called for each click on the lanes that was no drag: the inspector shows the mount it selected. */
    public void addMountClickListener(MountClick listener) { input.addMountClickListener(listener); }

    /**
     * A time-view key (zoom, pan, fit, follow, step from mount to mount), as {@link loomscope.ui.keys.KeyBinding}'s
     * table names them: true if it was one. The main window's stage keys and the attach and compare windows' filters
     * call it.
     */
    public boolean timeKey(loomscope.ui.keys.KeyBinding key) { return input.key(key); }

    /** Installs the time-view keys on a window of its own (attach, compare): a scene filter, text fields keep theirs. */
    public void installTimeKeys(javafx.scene.Scene scene) { input.installKeys(scene); }

    /** Zooms to mount {@code mount} of lane {@code lane} (a site's mount in Where), selects and outlines it. */
    public void zoomToMount(int lane, int mount) { input.zoomToMount(lane, mount); }

    /** No mount selected any more (a site let go in Where): its outline goes in the next frame; the range stays. */
    public void clearMountSelection() {
        time().select(null, -1, -1);
        redrawNextFrame();
    }

    /** Hides both legends (a compare view showing two recordings side by side keeps one shared legend). */
    public void setLegendsVisible(boolean visible) {
        laneLegend.setItemsVisible(visible);
        stateLegend.setItemsVisible(visible);
    }

    public ThreadFieldCanvas field() { return field; }

    public StateLegend stateLegend() { return stateLegend; }

    public LaneLegend laneLegend() { return laneLegend; }

    public StateTimeline timeline() { return timeline; }

    public RunRecording recording() { return timeline == null ? null : timeline.recording(); }

    /**
     * Draws the next frame even if the instant shown is unchanged (an overlay's data changed: JFR's late events, the
     * Where table's selection).
     */
    public void redrawNextFrame() {
        lanesShown.forget();
    }

    /** A finished run on the lanes: the whole run (the default), or the trail before the instant shown; and back. */
    public void toggleWholeRun() {
        lanes.setFitFinished(!lanes.fitFinished());
        time.follow();
        redrawNextFrame();
    }

    /** Shows {@code recording} from the next frame on (null: empty). */
    public void setRecording(RunRecording recording) {
        show(recording == null ? null : new StateTimeline(recording));
    }

    /**
     * Shows a timeline prepared elsewhere from the next frame on (null: empty): a job thread that built its mount index
     * ({@link StateTimeline#index()}) spares the FX thread that work, which grows with the mounts (half a million of an
     * attached target's took 26-47 ms).
     */
    public void show(StateTimeline prepared) {
        RunRecording before = timeline == null ? null : timeline.recording();
        timeline = prepared;
        RunRecording recording = prepared == null ? null : prepared.recording();
        // a new run (begun after a finished one, or the first): follow it; an attach's lanes rebuilt from its newest
        // episodes, or a run that just finished, keep their range and selection
        if (recording != before && (before == null || recording == null || before.isFinished() && !recording.isFinished())) {
            time.newRecording();
        }
        field.repaintAll();
        // an application's finished run: the field holds the threads alive at the instant shown, not every one ever seen
        field.setLiveOnly(recording != null && recording.isFinished() && !recording.source().ranOurTasks()
                ? ThreadLifetimes.of(recording) : null);
        lanesTitle.setText(recording == null ? "Carriers" : "Carriers: " + describe(recording));
        if (recording != null) {
            stateLegend.showStates(StateTimeline.mountsOnly(recording)
                    ? EnumSet.of(VtState.NEW, VtState.RUNNING, VtState.PINNED, VtState.UNMOUNTED)
                    : recording.recordsMounts()
                    ? EnumSet.complementOf(EnumSet.of(VtState.WAITING, VtState.UNMOUNTED))
                    : EnumSet.of(VtState.NEW, VtState.QUEUED, VtState.RUNNING, VtState.WAITING, VtState.DONE, VtState.STOPPED));
        }
        // a finished run's unsure mounts are explained from its first frame; a live run's once one is drawn
        boolean unsure = recording != null && RunSummary.unsureMounts(recording) > 0;
        lanes.forgetUnsureSeen();
        laneLegend.setUnsureShown(unsure);
        if (unsure) {
            stateLegend.showUnsure();
        }
    }

    /** "native-frame, P=4, JDK 25.0.3": what the audience is looking at, in the lanes' title. */
    static String describe(RunRecording r) {
        if (r.source() instanceof RunSource.Application app) {   // an attached JVM's session: its own code, named by its main class
            // the lanes, not a P: the pool's size is the target's (the status line says it), and a busy one shows only
            // the carriers its newest episodes ran on
            int lanes = r.carrierCount();
            int jvms = SideBySide.jvmsIn(r);
            return (jvms > 1 ? jvms + " JVMs side by side" : "attached to " + app.mainClass())
                    + ", " + lanes + (lanes == 1 ? " carrier" : " carriers") + ", JDK " + SideBySide.shortVersions(r.jdkVersion());
        }
        return r.config().workloadName() + ", P=" + r.config().parallelism() + ", JDK " + r.jdkVersion().split("\\+")[0];
    }

    /**
     * Before any run, the lanes show the {@code carriers} the next run will get, each idle: no run yet, no thread
     * drawn (issue #15: an empty void on first launch).
     */
    public void setIdleCarriers(int carriers) {
        idleCarriers = carriers;
        clearShown = false;
    }

    /** Sizes the lanes area for {@code count} carriers; called when the count changes, not per frame. */
    private void fitLanes(int count) {
        if (count == fittedLanes) {
            return;
        }
        fittedLanes = count;
        double wanted = lanes.heightFor(count);
        // at least minLaneHeight a lane (0 unless asked for): more lanes than fit then make the view taller, to scroll
        double floor = Math.max(minLaneHeight <= 0 ? 0 : lanes.heightFor(count, minLaneHeight), Math.min(lanesFloor, wanted));
        lanes.setMinHeight(floor > 0 ? floor : USE_COMPUTED_SIZE);
        lanes.setPrefHeight(Math.max(Math.min(wanted, 640), floor));
        lanes.setMaxHeight(Math.max(Math.max(wanted, 160), floor));
    }

    /**
     * Keeps each lane at least {@code px} high however many carriers there are (a JVM of 64 or more), so that every
     * lane keeps its name and its mounts readable: the view then grows past its window and is meant to be scrolled
     * (the attach window puts it in a ScrollPane). 0, the default, fits every lane into the view.
     */
    /**
     * Keeps the lanes at least {@code px} high (or what they want, if less), so that a view sharing its height (an
     * application's Where under the lanes) squeezes the thread field first; 0, the default, asks nothing.
     */
    public void setLanesFloor(double px) {
        if (px != lanesFloor) {
            lanesFloor = px;
            fittedLanes = -1;
        }
    }

    private double lanesFloor;

    public void setMinLaneHeight(double px) {
        minLaneHeight = px;
        fittedLanes = -1;
    }

    public void showLive() {
        refreshPalette();
        if (timeline == null) {
            clear();
            return;
        }
        RunRecording r = timeline.recording();
        if (r.isFinished()) {
            showAt(r.settledEnd());   // where the replay ends too
            return;
        }
        clearShown = false;
        lanesShown.forget();
        drawLanes(r.now());
        fitLanes(lanes.laneCount());
        field.drawLive(timeline);
        updateCounts();
    }

    /** The recording as it was at {@code t} (nanos since its origin): replay. */
    public void showAt(long t) {
        refreshPalette();
        if (timeline == null) {
            clear();
            return;
        }
        if (unchangedSinceLastFrame(t)) {
            return;
        }
        clearShown = false;
        drawLanes(t);
        fitLanes(lanes.laneCount());
        if (fieldChangedSince(t)) {
            field.drawAt(timeline, t);
        }
        updateCounts();
    }

    /**
     * Whether the field must be drawn again at t: not when only the lanes' range moved (a zoom or pan of a finished run
     * leaves every thread's state at t as it was; a million threads' states cost more than the lanes).
     */
    private boolean fieldChangedSince(long t) {
        // the canvas's size, which the field is laid out for: the region's changes a layout pass before it (a
        // recording with another lane count resizes both), and a frame keyed on the region's kept the old layout
        boolean changed = fieldShown.changedTo(t, timeline, field.canvas().getWidth(), field.canvas().getHeight(), palette,
                timeline.recording().classed());
        return changed || !timeline.recording().isFinished();
    }

    /** The lanes over the visible range at t, the overview strip under them. */
    private void drawLanes(long t) {
        RunRecording r = timeline.recording();
        TimeAxis axis = time.axis(r, t, lanes.followAxis(r, t));
        lanes.setSelection(time.selectedCarrier(), time.selectedMount(r));
        lanes.draw(timeline, t, axis);
        LanesCanvas.LaneGeometry g = lanes.geometry();
        if (g != null) {   // the strip's time lies under the lanes' trail
            overview.align(g.trailX(), lanes.canvas().getWidth() - g.trailX() - g.trailWidth());
        }
        overview.draw(r, time.sessionStart(), time.sessionEnd(), axis, palette, System.nanoTime());
        input.showMode();
    }

    /**
     * A paused replay of a finished run shows the same picture every pulse: skip it. The SW pipeline repaints
     * a canvas that was drawn into, so redrawing an unchanged frame costs real CPU on a shared laptop.
     */
    private boolean unchangedSinceLastFrame(long t) {
        double w = lanes.canvas().getWidth() + field.canvas().getWidth();
        double h = lanes.canvas().getHeight() + field.canvas().getHeight();
        // a finished run's mounts are classed by the JDK's witnesses after its end (JFR delivers a second late): redrawn then
        boolean changed = lanesShown.changedTo(t, timeline, w, h, palette, timeline.recording().classed());
        boolean sameTimeView = time.version() == lastTimeVersion;
        lastTimeVersion = time.version();
        return !changed && timeline.recording().isFinished() && sameTimeView;
    }

    private void clear() {
        boolean changed = clearedShown.changedTo(Long.MIN_VALUE, null, lanes.getWidth(), lanes.getHeight(), palette, 0);
        if (clearShown && !changed) {
            return;
        }
        clearShown = true;
        lanesShown.forget();
        if (idleCarriers > 0) {
            lanes.drawIdle(idleCarriers);
            fitLanes(idleCarriers);
        } else {
            lanes.clear();
        }
        field.clear();
        fieldShown.forget();
        updateCounts();
    }

    private void updateCounts() {
        if (lanes.unsureSeen() && !laneLegend.unsureShown()) {
            laneLegend.setUnsureShown(true);
        }
        RunRecording shown = timeline == null ? null : timeline.recording();
        // from the carriers' counts, each pulse: the witnesses class a run's mounts while it goes
        laneLegend.setCausesShown(shown != null && RunSummary.mountsOf(shown, MountClass.CAPTURED) > 0,
                shown != null && RunSummary.mountsOf(shown, MountClass.STALLED) > 0);
        laneLegend.setHeldShown(shown != null && RunSummary.heldNotYetClassed(shown) > 0);
        for (VtState s : VtState.values()) {
            stateLegend.setCount(s, field.count(s));
        }
        int perDot = field.threadsPerDot();
        String title = (field.drawsLiveOnly()
                ? String.format(java.util.Locale.ROOT, "Virtual threads alive: %,d (%,d ended)", field.threadsDrawn(),
                        field.endedCount())
                : "Virtual threads") + (perDot == 1 ? "" : " (1 dot = " + perDot + ")");
        if (!title.equals(fieldTitle.getText())) {
            fieldTitle.setText(title);
            fieldTitle.setTooltip(perDot == 1 ? null : new Tooltip("More threads than the field has pixels: "
                    + "each dot stands for " + perDot + " threads in a row, in the state most of them are in"));
        }
    }

    /** Colours are looked up once per theme change, never per frame. */
    private void refreshPalette() {
        if (paletteDirty) {
            Palette p = Palette.of(AppTheme.current().picture());
            palette = p;
            lanes.setPalette(p);
            field.setPalette(p);
            paletteDirty = false;
        }
    }

    /** Palette in use (for tests that look for a colour's pixels). */
    public Palette palette() {
        refreshPalette();
        return palette;
    }
}
