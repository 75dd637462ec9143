package loomscope.ui.lanes;

import java.util.HashMap;
import java.util.Map;

import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import loomscope.attach.SideBySide;
import loomscope.recording.CarrierLog;
import loomscope.ui.theme.Palette;
import loomscope.workload.CarrierPool;

/**
 * The lanes' names in their label column: LoomScope's own carriers by number ("carrier 3"), another JVM's by its own
 * name ({@code ForkJoinPool-1-worker-3}, shrunk to fit), and "added by pool" under a carrier the pool added. Lanes of
 * several JVMs side by side ({@link SideBySide}: "pid 4121 Server · ForkJoinPool-1-worker-1") are grouped per JVM by a
 * rule above each JVM's first lane, and name their JVM above the carrier where the lane has room for two lines,
 * its pid before the carrier where it has not.
 */
final class CarrierNames {
    /** Two lines from here: at 1280×720 two JVMs of two carriers each get lanes of about 40 px. */
    static final double TWO_LINES_HEIGHT = 30;
    private final NumberLabels carrierLabels;
    private Font namedFont;
    /** The bold fonts of a side-by-side lane's two lines, by size: made as the lanes' height changes, not per frame. */
    private final Map<Double, Font> sideFonts = new HashMap<>();

    CarrierNames(NumberLabels carrierLabels) {
        this.carrierLabels = carrierLabels;
    }

    void paint(GraphicsContext gc, Palette palette, CarrierLog[] logs, double laneStep, double laneH, Font laneFont,
               Font smallFont) {
        if (laneH < 10) {
            return;
        }
        gc.setTextBaseline(VPos.CENTER);
        boolean twoLines = laneH >= 44;
        for (int lane = 0; lane < logs.length; lane++) {
            double mid = lane * laneStep + laneH / 2;
            String jvm = SideBySide.jvmOf(logs[lane].name());
            if (jvm != null) {
                boolean first = lane == 0 || !jvm.equals(SideBySide.jvmOf(logs[lane - 1].name()));
                paintSideBySide(gc, palette, logs[lane], jvm, first, lane * laneStep, laneStep, laneH, laneFont, smallFont);
                continue;
            }
            String ownName = ownName(logs[lane]);
            gc.setFont(ownName == null ? laneFont : namedFont(laneFont, ownName.length()));
            gc.setFill(palette.text());
            gc.fillText(ownName == null ? carrierLabels.of(logs[lane].index()) : ownName, 10,
                    twoLines && logs[lane].addedByPool() ? mid - 11 : mid);
            if (logs[lane].addedByPool()) {
                gc.setFont(smallFont);
                gc.setFill(palette.poolAdded());
                gc.fillText(twoLines ? "added by pool" : "+pool", twoLines ? 10 : LaneTextSizes.noteX(laneFont.getSize()),
                        twoLines ? mid + 13 : mid);
            }
        }
    }

    /** A lane of one of several JVMs: its JVM and carrier, and a rule above the JVM's first lane. */
    private void paintSideBySide(GraphicsContext gc, Palette palette, CarrierLog log, String jvm, boolean firstOfJvm,
                                 double top, double laneStep, double laneH, Font laneFont, Font smallFont) {
        String carrier = SideBySide.carrierOf(log.name());
        double mid = top + laneH / 2;
        if (firstOfJvm && top > 0) {
            gc.setFill(palette.text());
            gc.fillRect(0, top - Math.max(1, (laneStep - laneH) / 2) - 1, LanesCanvas.LABEL_WIDTH - 6, 2);
        }
        double noteRoom = log.addedByPool() ? 42 : 0;
        if (laneH >= TWO_LINES_HEIGHT) {
            gc.setFont(sideFont(Math.min(laneFont.getSize(), laneH * 0.42), jvm.length(), 0));
            gc.setFill(palette.text());
            gc.fillText(jvm, 10, mid - laneH * 0.22);
            gc.setFont(sideFont(Math.min(laneFont.getSize(), laneH * 0.36), carrier.length(), noteRoom));
            gc.setFill(palette.mutedText());
            gc.fillText(carrier, 10, mid + laneH * 0.24);
        } else {
            // a thin lane (many carriers): the pid says which JVM, the rule and the order say the rest
            int secondSpace = jvm.indexOf(' ', jvm.indexOf(' ') + 1);
            String text = (secondSpace < 0 ? jvm : jvm.substring(0, secondSpace)) + " " + carrier;
            gc.setFont(sideFont(laneFont.getSize(), text.length(), noteRoom));
            gc.setFill(palette.text());
            gc.fillText(text, 10, mid);
        }
        if (log.addedByPool()) {
            gc.setFont(smallFont);
            gc.setFill(palette.poolAdded());
            gc.fillText("+pool", LanesCanvas.LABEL_WIDTH - noteRoom, laneH >= TWO_LINES_HEIGHT ? mid + laneH * 0.24 : mid);
        }
    }

    /** A bold font of at most {@code size} in which {@code length} characters fit the label column less {@code less}. */
    private Font sideFont(double size, int length, double less) {
        double fits = Math.floor((LanesCanvas.LABEL_WIDTH - 16 - less) / (0.62 * Math.max(1, length)));
        double chosen = Math.min(size, Math.max(9, fits));
        if (sideFonts.size() > 32) {
            sideFonts.clear();   // sizes follow the lanes' height: a window resized often must not gather them
        }
        return sideFonts.computeIfAbsent(chosen, s -> Font.font(null, FontWeight.BOLD, s));
    }

    /**
     * A carrier of another JVM's (an attached one: {@code ForkJoinPool-1-worker-3}) goes by its own name, which its
     * stack traces and thread dumps use too; LoomScope's own carriers by their number. Null: a number.
     */
    private static String ownName(CarrierLog log) {
        String name = log.name();
        return name == null || name.isEmpty() || name.startsWith(OWN_CARRIER_PREFIX) ? null : name;
    }

    private static final String OWN_CARRIER_PREFIX = CarrierPool.carrierName(0).replace("0", "");

    /** The lane font, smaller where a name of {@code length} characters would run past the label column. */
    private Font namedFont(Font laneFont, int length) {
        // a bold character is about 0.62 of the font size wide
        double fits = Math.floor((LanesCanvas.LABEL_WIDTH - 16) / (0.62 * Math.max(1, length)));
        double size = Math.min(laneFont.getSize(), Math.max(9, fits));
        if (namedFont == null || namedFont.getSize() != size) {
            namedFont = Font.font(null, FontWeight.BOLD, size);   // changes with the lanes' height, not per frame
        }
        return namedFont;
    }
}
