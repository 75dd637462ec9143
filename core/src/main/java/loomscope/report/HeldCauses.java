package loomscope.report;

import java.util.List;

import loomscope.probe.CauseReport;
import loomscope.probe.SiteTable;
import loomscope.recording.MountClass;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;

/**
 * What a finished run's held mounts were besides pinned and unsure, as the JDK's witnesses classed them
 * (docs/causes.md): the counts a summary does not keep, and the sites. The history keeps it so that the exported
 * {@code runs.json} has what {@code run --json} prints.
 *
 * @param captured mounts blocked in a system call (JFR's I/O events)
 * @param stalled  mounts the JVM held (a safepoint covered the block)
 * @param sites    the places of the pinned and captured mounts, most carrier time held first
 */
public record HeldCauses(long captured, long stalled, List<CauseReport.Site> sites) {
    public HeldCauses {
        captured = Math.max(0, captured);
        stalled = Math.max(0, stalled);
        sites = sites == null ? List.of() : List.copyOf(sites);
    }

    /**
     * The causes {@code recording}'s mounts carry now; null where its mounts are not recorded. Walks the mounts only where
     * some were captured or stalled or a witness's word is kept: call it off the FX thread all the same.
     */
    public static HeldCauses of(RunRecording recording) {
        if (!recording.recordsMounts()) {
            return null;
        }
        return new HeldCauses(RunSummary.mountsOf(recording, MountClass.CAPTURED),
                RunSummary.mountsOf(recording, MountClass.STALLED), SiteTable.of(recording));
    }
}
