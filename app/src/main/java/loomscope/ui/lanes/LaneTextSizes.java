package loomscope.ui.lanes;

/**
 * Font sizes for a lane's text, from the lane's height: as large as the lane allows. With 16 lanes on a 1080p
 * stage a lane is ~25 px high, and the back row of a hall must still read "carrier 12" and "VT 3301".
 */
final class LaneTextSizes {
    private static final double MIN = 9;

    private LaneTextSizes() { }

    /** The carrier's name left of its lane. */
    static double name(double laneHeight) {
        return clamp(laneHeight * 0.62, 20);
    }

    /** The thread on the carrier now, in the box right of the lane. */
    static double occupant(double laneHeight) {
        return clamp(laneHeight * 0.66, 26);
    }

    /** "added by pool" under or beside the name. */
    static double note(double laneHeight) {
        return clamp(laneHeight * 0.45, 14);
    }

    /** Where a one-line note starts: after "carrier NN" in the name's font (~5.5 em) and a gap. */
    static double noteX(double nameSize) {
        return 10 + nameSize * 6.6;
    }

    private static double clamp(double size, double max) {
        return Math.max(MIN, Math.min(max, size));
    }
}
