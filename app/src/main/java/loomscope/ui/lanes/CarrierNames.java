package loomscope.ui.lanes;

import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import loomscope.recording.CarrierLog;
import loomscope.ui.theme.Palette;
import loomscope.workload.CarrierPool;

/**
 * The lanes' names in their label column: LoomScope's own carriers by number ("carrier 3"), another JVM's by its own
 * name ({@code ForkJoinPool-1-worker-3}, shrunk to fit), and "added by pool" under a carrier the pool added.
 */
final class CarrierNames {
    private final NumberLabels carrierLabels;
    private Font namedFont;

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
