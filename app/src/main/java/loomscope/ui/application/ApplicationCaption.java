package loomscope.ui.application;

import java.util.Locale;

import loomscope.recording.RunRecording;
import loomscope.recording.RunSource;
import loomscope.report.ApplicationRun;

/**
 * An application's facts in one line, for presentation mode's caption: a plain function of the recording, so the
 * presenter's header shows it without binding to this feature's view model.
 */
public final class ApplicationCaption {
    private ApplicationCaption() { }

    /**
     * The application's facts in one line, for presentation mode's caption: "Shop · pid 4242 · Java 25.0.3 · recorded
     * 60.0 s · 2 carriers · 2,004 mounts: 283 pinned, 317 captured"; null for a run of ours.
     */
    public static String of(RunRecording r) {
        if (r == null || !(r.source() instanceof RunSource.Application app)) {
            return null;
        }
        RunSource.Jvm first = app.jvms().get(0);
        String who = app.jvms().size() == 1
                ? first.shortName() + " · " + (first.pid() >= 0 ? "pid " + first.pid() : "pid not kept")
                + (first.host() == null ? "" : " at " + first.host()) + " · Java " + first.jdkVersion()
                : app.shortName() + " · " + app.jvms().size() + " JVMs";
        long recorded = r.isFinished() ? r.runEnd() - Math.max(0, r.runStart()) : r.now() - Math.max(0, r.runStart());
        ApplicationRun counts = r.isFinished() ? ApplicationRun.of(r) : null;
        String mounts = counts == null ? "" : String.format(Locale.ROOT, " · %,d mounts: %,d pinned, %,d captured",
                counts.mounts(), counts.pinned(), counts.captured());
        return String.format(Locale.ROOT, "%s · recorded %.1f s · %d carriers%s", who, recorded / 1e9, r.carrierCount(),
                mounts);
    }
}
