package loomscope.report;

import java.util.List;

import loomscope.picture.StateTimeline;
import loomscope.probe.CauseReport;
import loomscope.probe.SiteTable;
import loomscope.recording.MountClass;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSource;
import loomscope.recording.RunSummary;

/**
 * An attached application's session as a card tells it: which application, how long it was recorded, its mounts by
 * cause and where its carriers were held. An application has no tasks to complete: its card says none of that.
 *
 * @param mainClass the target's main class (or jar), as its launcher named it
 * @param sites     where its carriers were held, most carrier time first ({@link SiteTable})
 */
public record ApplicationRun(String mainClass, int carriers, long mounts, long pinned, long captured, long stalled,
                             long unsure, List<CauseReport.Site> sites) {

    public ApplicationRun {
        sites = List.copyOf(sites);
    }

    /** Its main class's last part ("Shop" of "com.example.Shop"; each, "+"-joined, side by side): file names, titles. */
    public String shortName() {
        return RunSource.shortNameOf(mainClass);
    }

    /** {@code recording} as an application's session, or null where it is a run of ours (the seed, a scenario, your code). */
    public static ApplicationRun of(RunRecording recording) {
        if (recording == null || !attached(recording)) {
            return null;
        }
        RunSummary s = RunSummary.of(recording);
        return new ApplicationRun(recording.source().mainClass(), recording.carrierCount(),
                s.mounts(), s.pinnedMounts(), RunSummary.mountsOf(recording, MountClass.CAPTURED),
                RunSummary.mountsOf(recording, MountClass.STALLED), RunSummary.unsureMounts(recording),
                SiteTable.of(recording));
    }

    /** An attached JVM's session, as its source says (its threads have mounts and no phases). */
    static boolean attached(RunRecording r) {
        return !r.source().ranOurTasks() && StateTimeline.mountsOnly(r);
    }
}
