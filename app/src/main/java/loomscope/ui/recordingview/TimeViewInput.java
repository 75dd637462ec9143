package loomscope.ui.recordingview;

import java.util.ArrayList;
import java.util.List;

import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.input.ZoomEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import javafx.scene.paint.Color;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.recording.TimeAxis;
import loomscope.ui.keys.KeyBinding;
import loomscope.ui.lanes.LanesCanvas;
import loomscope.ui.lanes.MountHits;

/**
 * The time view's input on one {@link RecordingView}: Ctrl+wheel and pinch zoom around the pointer, a drag or the wheel
 * pans, a drag with Shift zooms into the range dragged over, a click selects the nearest mount on its lane (within
 * {@link #REACH} px at any zoom), the overview strip moves the range, the Now button and the follow choice; and the
 * keys of {@link KeyBinding}'s table (+, -, 0, End, Ctrl+arrows, [ ] and Shift+]). Every change goes to the
 * {@link TimeViewModel}; the next frame draws it (no drawing here, no thread, no runLater).
 */
final class TimeViewInput {
    /** A click selects a mount this many pixels beside it, at whatever zoom. */
    static final double REACH = 6;
    private static final List<KeyBinding> KEYS = List.of(KeyBinding.ZOOM_IN, KeyBinding.ZOOM_OUT, KeyBinding.FIT_WHOLE,
            KeyBinding.FOLLOW_NOW, KeyBinding.NEXT_MOUNT, KeyBinding.PREVIOUS_MOUNT, KeyBinding.NEXT_HELD,
            KeyBinding.PAN_BACK, KeyBinding.PAN_FORWARD);

    private final RecordingView view;
    private final TimeViewModel time;
    private final LanesCanvas lanes;
    private final OverviewStrip overview;
    private final Button now = new Button("Now");
    private final ChoiceBox<String> follow = new ChoiceBox<>();
    private final StackPane row;
    private final List<RecordingView.MountClick> clicks = new ArrayList<>();
    private double pressX = Double.NaN;
    private double lastDragX;
    private boolean rangeDrag;
    private double rangeTo = Double.NaN;
    /** The window, not the user, sets the follow choice. */
    private boolean settingFollow;

    TimeViewInput(RecordingView view, TimeViewModel time, LanesCanvas lanes, OverviewStrip overview) {
        this.view = view;
        this.time = time;
        this.lanes = lanes;
        this.overview = overview;
        now.setId("time-now");
        now.setTooltip(new Tooltip("Follow now again (End); 0 shows the whole session, + and - zoom, Ctrl+wheel too"));
        now.setFocusTraversable(false);
        now.setOnAction(e -> time.follow());
        for (int s : TimeViewModel.FOLLOW_CHOICES) {
            follow.getItems().add(s + " s");
        }
        follow.setId("time-follow");
        follow.setFocusTraversable(false);
        follow.setTooltip(new Tooltip("Following now: the last seconds shown"));
        follow.getSelectionModel().selectedItemProperty().addListener((o, was, chosen) -> {
            if (chosen != null && !settingFollow) {
                view.setFollowSeconds(Double.parseDouble(chosen.replace(" s", "")));
            }
        });
        // as thin as the strip: every pixel of height under the lanes is taken from them at 1280×720
        for (javafx.scene.control.Control c : List.of(now, follow)) {
            c.setStyle("-fx-font-size: 11px; -fx-padding: 0 4 0 4;");
            c.setMinHeight(OverviewStrip.HEIGHT);
            c.setPrefHeight(OverviewStrip.HEIGHT);
            c.setMaxHeight(OverviewStrip.HEIGHT);
        }
        HBox tools = new HBox(6, now, follow);
        tools.setAlignment(Pos.CENTER_LEFT);
        tools.setMaxWidth(LanesCanvas.LABEL_WIDTH - 8);
        tools.setPickOnBounds(false);
        StackPane.setAlignment(tools, Pos.CENTER_LEFT);
        row = new StackPane(overview, tools);
        row.setId("time-overview-row");
        row.setPadding(new Insets(0));
        row.setMinHeight(OverviewStrip.HEIGHT);
        row.setMaxHeight(OverviewStrip.HEIGHT);
        installMouse();
        installOverviewMouse();
        lanes.addOverlay((gc, g) -> {
            if (rangeDrag && !Double.isNaN(pressX) && !Double.isNaN(rangeTo)) {
                double a = Math.min(pressX, rangeTo);
                double b = Math.max(pressX, rangeTo);
                gc.setFill(Color.color(1, 1, 1, 0.2));
                gc.fillRect(a, 0, b - a, g.lanes() * g.laneStep());
            }
        });
    }

    /** The strip with the Now button and the follow choice over its left end (under the carriers' names). */
    Node overviewRow() { return row; }

    /** The follow choice says {@code seconds} (set by the window, not the user). */
    void followSecondsShown(double seconds) {
        String item = (long) seconds + " s";
        if (!follow.getItems().contains(item)) {
            follow.getItems().add(0, item);
        }
        settingFollow = true;
        follow.getSelectionModel().select(item);
        settingFollow = false;
    }

    /** Each frame: the Now button is lit while the range does not follow now. */
    void showMode() {
        boolean following = time.following();
        if (now.isDisabled() != following) {
            now.setDisable(following);
        }
        if (follow.getValue() == null) {
            followSecondsShown(lanes.trailSeconds());
        }
    }

    void addMountClickListener(RecordingView.MountClick listener) { clicks.add(listener); }

    private void installMouse() {
        lanes.addEventHandler(ScrollEvent.SCROLL, e -> {
            TimeAxis shown = time.lastAxis();
            LanesCanvas.LaneGeometry g = lanes.geometry();
            if (shown == null || g == null || e.getX() < g.trailX() || e.getX() > g.trailX() + g.trailWidth()) {
                return;
            }
            double anchor = (e.getX() - g.trailX()) / g.trailWidth();
            if (e.isControlDown() || e.isShortcutDown()) {
                if (e.getDeltaY() != 0) {
                    time.zoom(anchor, e.getDeltaY() > 0 ? 1 / TimeViewModel.ZOOM_STEP : TimeViewModel.ZOOM_STEP);
                }
            } else {
                double delta = e.getDeltaX() != 0 ? e.getDeltaX() : e.getDeltaY();
                if (delta == 0) {
                    return;
                }
                // a wheel notch (40 px) moves a tenth of the range; up or left is back in time
                time.pan(-delta / 400.0);
            }
            view.redrawNextFrame();
            e.consume();
        });
        lanes.addEventHandler(ZoomEvent.ZOOM, e -> {
            LanesCanvas.LaneGeometry g = lanes.geometry();
            if (g != null && e.getZoomFactor() > 0) {
                time.zoom((e.getX() - g.trailX()) / g.trailWidth(), 1 / e.getZoomFactor());
                view.redrawNextFrame();
                e.consume();
            }
        });
        lanes.addEventHandler(MouseEvent.MOUSE_PRESSED, e -> {
            if (e.getButton() == MouseButton.PRIMARY) {
                pressX = e.getX();
                lastDragX = e.getX();
                movedSincePress = false;
                rangeDrag = e.isShiftDown();
                rangeTo = Double.NaN;
            }
        });
        lanes.addEventHandler(MouseEvent.MOUSE_DRAGGED, e -> {
            LanesCanvas.LaneGeometry g = lanes.geometry();
            if (Double.isNaN(pressX) || g == null) {
                return;
            }
            movedSincePress |= Math.abs(e.getX() - pressX) > CLICK_SLOP;
            if (rangeDrag) {
                rangeTo = e.getX();
            } else if (e.getX() != lastDragX) {
                // the time under the pointer stays under it
                time.panBy((long) ((lastDragX - e.getX()) * g.axis().span() / g.trailWidth()));
                lastDragX = e.getX();
            }
            view.redrawNextFrame();
        });
        lanes.addEventHandler(MouseEvent.MOUSE_RELEASED, e -> {
            if (rangeDrag && !Double.isNaN(rangeTo) && Math.abs(rangeTo - pressX) >= 4) {
                long a = lanes.timeAt(clampToTrail(pressX));
                long b = lanes.timeAt(clampToTrail(rangeTo));
                if (a >= 0 && b >= 0) {
                    time.showRange(a, b);
                }
            }
            rangeDrag = false;
            rangeTo = Double.NaN;
            pressX = Double.NaN;
            view.redrawNextFrame();
        });
        lanes.addEventHandler(MouseEvent.MOUSE_CLICKED, e -> {
            // our own word for a drag, not the event's stillSincePress: a click that a pan or a range drag ended is not a
            // selection, and a click that comes alone (an accessibility tool's, a test robot's) still is one
            if (e.getButton() != MouseButton.PRIMARY || movedSincePress) {
                return;
            }
            int lane = lanes.laneAt(e.getY());
            int mount = lane < 0 ? -1 : lanes.mountNear(lane, e.getX(), REACH);
            time.select(view.recording(), lane, mount);
            view.redrawNextFrame();
            for (RecordingView.MountClick c : List.copyOf(clicks)) {
                c.clicked(lane, mount);
            }
        });
    }

    /** Pixels the pointer may move between press and release and still make a click. */
    private static final double CLICK_SLOP = 3;
    private boolean movedSincePress;

    private double clampToTrail(double x) {
        LanesCanvas.LaneGeometry g = lanes.geometry();
        return g == null ? x : Math.max(g.trailX(), Math.min(g.trailX() + g.trailWidth(), x));
    }

    private void installOverviewMouse() {
        javafx.event.EventHandler<MouseEvent> move = e -> {
            if (e.getButton() != MouseButton.PRIMARY || time.lastAxis() == null) {
                return;
            }
            time.centreOn(overview.timeAt(e.getX(), time.sessionStart(), time.sessionEnd()));
            view.redrawNextFrame();
        };
        overview.addEventHandler(MouseEvent.MOUSE_PRESSED, move);
        overview.addEventHandler(MouseEvent.MOUSE_DRAGGED, move);
    }

    /** Installs {@link #KEYS} on a window of its own: a scene filter; a text field keeps its keys. */
    void installKeys(Scene scene) {
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (scene.getFocusOwner() instanceof TextInputControl) {
                return;
            }
            for (KeyBinding b : KEYS) {
                if (b.combinations().stream().anyMatch(c -> c.match(e)) && key(b)) {
                    e.consume();
                    return;
                }
            }
        });
    }

    /** The time-view key {@code b}: true if it is one (and done). */
    boolean key(KeyBinding b) {
        switch (b) {
            case ZOOM_IN -> zoomKey(1 / TimeViewModel.ZOOM_STEP / TimeViewModel.ZOOM_STEP);
            case ZOOM_OUT -> zoomKey(TimeViewModel.ZOOM_STEP * TimeViewModel.ZOOM_STEP);
            case FIT_WHOLE -> time.fitWhole();
            case FOLLOW_NOW -> time.follow();
            case PAN_BACK -> time.pan(-0.25);
            case PAN_FORWARD -> time.pan(0.25);
            case NEXT_MOUNT, PREVIOUS_MOUNT, NEXT_HELD -> step(b);
            default -> {
                return false;
            }
        }
        view.redrawNextFrame();
        return true;
    }

    /** Zooms around the selected mount when one is in view, else around the range's middle. */
    private void zoomKey(double factor) {
        TimeAxis shown = time.lastAxis();
        if (shown == null) {
            return;
        }
        double anchor = 0.5;
        RunRecording r = view.recording();
        int c = time.selectedCarrier();
        int selected = time.selectedMount(r);
        if (selected >= 0) {
            CarrierLog log = r.carriers()[c];
            long mid = log.start(selected) / 2 + log.end(selected) / 2;
            if (mid >= shown.start() && mid <= shown.end()) {
                anchor = (double) (mid - shown.start()) / shown.span();
            }
        }
        time.zoom(anchor, factor);
    }

    private void step(KeyBinding b) {
        RunRecording r = view.recording();
        int c = time.selectedCarrier();
        if (r == null || c < 0 || c >= r.carriers().length) {
            return;
        }
        CarrierLog log = r.carriers()[c];
        int i = time.selectedMount(r);
        if (i < 0) {
            return;
        }
        int to = b == KeyBinding.NEXT_MOUNT ? MountHits.next(log, i)
                : b == KeyBinding.PREVIOUS_MOUNT ? MountHits.previous(log, i) : MountHits.nextHeld(log, i);
        if (to >= 0) {
            time.select(r, c, to);
            keepInView(log, to);
            for (RecordingView.MountClick click : List.copyOf(clicks)) {
                click.clicked(c, to);
            }
        }
    }

    /** Moves the range (keeping its width) so that mount {@code i} is in it, if it is not. */
    private void keepInView(CarrierLog log, int i) {
        TimeAxis shown = time.lastAxis();
        if (shown != null && (log.start(i) < shown.start() || log.end(i) > shown.end())) {
            time.centreOn(log.start(i) / 2 + log.end(i) / 2);
        }
    }

    /**
     * Zooms so that mount {@code mount} of lane {@code lane} fills about a fifth of the lanes (at least 1 ms around
     * it), selects it and tells the click listeners (the inspector shows its stack).
     */
    void zoomToMount(int lane, int mount) {
        RunRecording r = view.recording();
        if (r == null || lane < 0 || lane >= r.carriers().length || mount < 0 || mount >= r.carriers()[lane].size()) {
            return;
        }
        CarrierLog log = r.carriers()[lane];
        long start = log.start(mount);
        long end = log.end(mount);
        long around = Math.max(1_000_000L, (end - start) * 5);
        long mid = start / 2 + end / 2;
        if (time.lastAxis() != null) {
            time.showRange(mid - around / 2, mid + around / 2);
        }
        time.select(view.recording(), lane, mount);
        view.redrawNextFrame();
    }
}
