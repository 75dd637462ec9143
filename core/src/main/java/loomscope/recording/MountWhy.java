package loomscope.recording;

import java.util.List;

/**
 * What a witness said of one held mount: its cause (a {@linkplain MountClass#classed() classed} one), the JDK's reason
 * and the stack it was taken with, top frame first, as the JDK writes frames ({@code pkg.Class.method(File.java:12)}).
 * Kept with the recording for the window's inspector; a saved run keeps JFR's pinned events, not these.
 *
 * @param reason    "LockSupport.park: Native or VM frame on stack", "file read /data/x", or null where none was given
 * @param witnessAt when the witness began (recording clock)
 * @param site      the first frame outside the JDK, "pkg.Class.method:line", or "(no stack)"
 * @param heldNanos the carrier time the mount held: its clocks' blocked time, or where they measured none the witness's
 */
public record MountWhy(MountClass cause, String reason, List<String> frames, long witnessAt, String site, long heldNanos) {
    public MountWhy {
        if (!cause.classed()) {
            throw new IllegalArgumentException("no cause: " + cause);
        }
        frames = List.copyOf(frames);
    }
}
