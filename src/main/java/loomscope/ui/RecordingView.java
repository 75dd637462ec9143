package loomscope.ui;

import java.util.EnumSet;

import javafx.beans.value.ChangeListener;
import javafx.beans.value.WeakChangeListener;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import loomscope.recording.RunRecording;
import loomscope.recording.StateTimeline;
import loomscope.recording.VtState;
import loomscope.ui.field.StateLegend;
import loomscope.ui.field.ThreadFieldCanvas;
import loomscope.ui.lanes.LaneLegend;
import loomscope.ui.lanes.LanesCanvas;
import loomscope.ui.theme.AppTheme;
import loomscope.ui.theme.Palette;
import loomscope.ui.theme.PaletteProbe;

/**
 * Carrier lanes and thread field for ANY {@link RunRecording} (this JVM's, a replay, another JVM's stream):
 * the owner calls {@link #showLive()} or {@link #showAt(long)} once per pulse. A compare view hosts two.
 */
public final class RecordingView extends VBox {
    private final LanesCanvas lanes = new LanesCanvas();
    private final ThreadFieldCanvas field = new ThreadFieldCanvas();
    private final StateLegend stateLegend = new StateLegend();
    private final LaneLegend laneLegend = new LaneLegend();
    private final PaletteProbe probe = new PaletteProbe();
    private final Label lanesTitle = new Label("Carriers");
    private final Label fieldTitle = new Label("Virtual threads");
    private StateTimeline timeline;
    private boolean paletteDirty = true;
    private final ChangeListener<AppTheme> themeChanged = (obs, was, now) -> paletteDirty = true;

    public RecordingView() {
        getStyleClass().add("recording-view");
        setSpacing(4);
        lanesTitle.getStyleClass().add("section-title");
        fieldTitle.getStyleClass().add("section-title");
        BorderPane lanesHeader = new BorderPane(laneLegend, null, null, null, lanesTitle);
        BorderPane fieldHeader = new BorderPane(stateLegend, null, null, null, fieldTitle);
        VBox.setVgrow(lanes, Priority.ALWAYS);
        VBox.setVgrow(field, Priority.SOMETIMES);
        getChildren().addAll(probe, lanesHeader, lanes, fieldHeader, field);
        // weak: the theme is app-wide and outlives views (a compare view makes and drops them)
        AppTheme.currentProperty().addListener(new WeakChangeListener<>(themeChanged));
        sceneProperty().addListener((obs, was, now) -> paletteDirty = true);
    }

    public LanesCanvas lanes() { return lanes; }

    public ThreadFieldCanvas field() { return field; }

    public StateLegend stateLegend() { return stateLegend; }

    public StateTimeline timeline() { return timeline; }

    public RunRecording recording() { return timeline == null ? null : timeline.recording(); }

    /** Shows {@code recording} from the next frame on (null: empty). */
    public void setRecording(RunRecording recording) {
        timeline = recording == null ? null : new StateTimeline(recording);
        if (recording != null) {
            stateLegend.showStates(recording.recordsMounts()
                    ? EnumSet.complementOf(EnumSet.of(VtState.WAITING))
                    : EnumSet.of(VtState.NEW, VtState.QUEUED, VtState.RUNNING, VtState.WAITING, VtState.DONE));
        }
    }

    /** The newest instant of the recording (its end once finished). */
    public void showLive() {
        refreshPalette();
        if (timeline == null) {
            clear();
            return;
        }
        RunRecording r = timeline.recording();
        long t = r.isFinished() ? r.runEnd() : r.now();
        lanes.draw(timeline, t);
        if (r.isFinished()) {
            field.drawAt(timeline, t);
        } else {
            field.drawLive(timeline);
        }
        updateCounts();
    }

    /** The recording as it was at {@code t} (nanos since its origin): replay. */
    public void showAt(long t) {
        refreshPalette();
        if (timeline == null) {
            clear();
            return;
        }
        lanes.draw(timeline, t);
        field.drawAt(timeline, t);
        updateCounts();
    }

    private void clear() {
        lanes.clear();
        field.clear();
        updateCounts();
    }

    private void updateCounts() {
        for (VtState s : VtState.values()) {
            stateLegend.setCount(s, field.count(s));
        }
    }

    /** Colours are resolved from CSS once per theme change, never per frame. */
    private void refreshPalette() {
        if (paletteDirty && getScene() != null) {
            Palette p = probe.resolve();
            lanes.setPalette(p);
            field.setPalette(p);
            paletteDirty = false;
        }
    }

    /** Palette in use (for tests that look for a colour's pixels). */
    public Palette palette() {
        refreshPalette();
        return probe.resolve();
    }
}
