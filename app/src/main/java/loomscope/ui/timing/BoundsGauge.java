package loomscope.ui.timing;

import javafx.scene.layout.Region;

/** A track from the unpinned bound (left) to the pinned bound (right) with a marker where the run is. */
public final class BoundsGauge extends Region {
    private static final double TRACK_H = 14;
    private static final double MARKER_W = 6;
    private final Region track = new Region();
    private final Region marker = new Region();
    private double position = Double.NaN;

    public BoundsGauge() {
        getStyleClass().add("bounds-gauge");
        track.getStyleClass().add("track");
        marker.getStyleClass().add("marker");
        getChildren().addAll(track, marker);
        setPrefHeight(34);
        setMinHeight(34);
        setPrefWidth(400);
    }

    /** 0 = at the unpinned bound, 1 = at the pinned bound; NaN hides the marker. Drawn clamped to the track. */
    public void setPosition(double p) {
        if (Double.compare(p, position) != 0) {
            position = p;
            placeMarker();
        }
    }

    public double position() { return position; }

    @Override
    protected void layoutChildren() {
        double w = getWidth() - MARKER_W;
        double h = getHeight();
        track.resizeRelocate(MARKER_W / 2, (h - TRACK_H) / 2, w, TRACK_H);
        marker.resizeRelocate(0, 0, MARKER_W, h);
        placeMarker();
    }

    /** Moves the marker by translation: a moving marker must not re-layout the window. */
    private void placeMarker() {
        marker.setVisible(!Double.isNaN(position));
        double p = Double.isNaN(position) ? 0 : Math.max(0, Math.min(1, position));
        marker.setTranslateX(p * (getWidth() - MARKER_W));
    }
}
