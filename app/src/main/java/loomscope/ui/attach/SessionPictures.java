package loomscope.ui.attach;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import loomscope.attach.AttachSession;
import loomscope.attach.AttachedEpisodes;
import loomscope.attach.JvmEntry;
import loomscope.attach.SideBySide;
import loomscope.picture.StateTimeline;
import loomscope.probe.PinnedEvent;
import loomscope.recording.RunRecording;
import loomscope.savedrun.SavedRun;
import loomscope.ui.attach.SideBySideSessions.Attached;

/**
 * What the attach window shows of its sessions, built on a job thread: the live lanes rebuilt from their newest
 * episodes, with a line that counts them ({@link #rebuilt}), and once they ended the whole as the main window's run
 * ({@link #ended}); their lines' words ({@link #who}, {@link #gapsNote}). No toolkit call, no state: the view model
 * takes what they return in its pulse.
 */
final class SessionPictures {
    private SessionPictures() { }

    /** A rebuild's recording and the lines that count the sessions at the same moment. */
    record Live(StateTimeline timeline, String line, String gaps) { }

    /**
     * Sessions that ended: what goes to the main window (one run; one per JVM where together they are more than a run
     * holds), with the timeline of the first prepared for the lanes.
     */
    record Ended(List<AttachViewModel.Detached> detached, StateTimeline timeline, String summary, String gaps) { }

    /** A session detached, with its whole recording as its own witnesses classed it. */
    record Classified(Attached attached, AttachedEpisodes.Classified classified) {
        RunRecording whole() { return classified.recording(); }

        long dropped() { return attached.session().episodes().dropped(); }

        List<PinnedEvent> events() { return attached.session().episodes().pinnedEvents(); }
    }

    /**
     * On the detach's job thread: one session's run as before; several as one run on one axis, each JVM's causes as
     * its own classification made them (the verdicts and witnesses are the mounts', so one recording holds them all);
     * together more than a run holds, one run per JVM.
     */
    static Ended ended(List<Classified> each) {
        long dropped = each.stream().mapToLong(Classified::dropped).sum();
        if (each.size() == 1) {
            Classified c = each.get(0);
            // the main window names the run by this: where episodes were dropped its gaps are not all idle
            String name = SavedRun.withDropped("attach-" + c.attached().target().pid(), dropped);
            String summary = endLine(c.attached().session(), c.whole()) + (c.whole().carrierCount() == 0
                    ? " Nothing ran on a carrier while attached."
                    : " The whole session is on show in the main window (save, replay, export).")
                    + " " + c.classified().causes().line();
            return new Ended(List.of(new AttachViewModel.Detached(c.whole(), summary, name, c.events())), prepared(c.whole()), summary,
                    gapsNote(dropped));
        }
        List<String> lines = new ArrayList<>();
        List<SideBySide.Part> parts = new ArrayList<>();
        for (Classified c : each) {
            JvmEntry target = c.attached().target();
            lines.add(SideBySide.jvmLabel(target.pid(), target.mainClass()) + ": "
                    + endLine(c.attached().session(), c.whole()) + " " + c.classified().causes().line());
            parts.add(SideBySide.part(c.whole(), c.attached().session().episodes(), target.pid(), target.mainClass()));
        }
        String pids = String.join("+", each.stream().map(c -> Long.toString(c.attached().target().pid())).toList());
        try {
            RunRecording merged = SideBySide.merge(parts);
            String summary = String.join("\n", lines) + (merged.carrierCount() == 0 ? "\nNothing ran on a carrier while attached."
                    : "\nThe whole side by side is on show in the main window as one run (save, replay, export).");
            return new Ended(List.of(new AttachViewModel.Detached(merged, summary, SavedRun.withDropped("attach-" + pids, dropped))),
                    prepared(merged), summary, gapsNote(dropped));
        } catch (IllegalArgumentException tooMany) {
            List<AttachViewModel.Detached> apart = new ArrayList<>();
            for (int i = 0; i < each.size(); i++) {
                Classified c = each.get(i);
                apart.add(new AttachViewModel.Detached(c.whole(), lines.get(i), SavedRun.withDropped("attach-"
                        + c.attached().target().pid(), c.dropped()), c.events()));
            }
            String summary = String.join("\n", lines) + "\nOne run per JVM in the main window: " + tooMany.getMessage() + ".";
            return new Ended(apart, prepared(each.get(0).whole()), summary, gapsNote(dropped));
        }
    }

    private static String endLine(AttachSession session, RunRecording whole) {
        AttachedEpisodes e = session.episodes();
        String how = session.detached() ? "Detached: VirtualThread restored, the target runs on."
                : session.targetExited() ? "The target exited."
                : session.cutWhileTargetRuns() ? AttachSession.CUT_WHILE_RUNNING
                : session.ending() == null ? "The agent did not confirm the detach in time; what arrived is kept."
                : session.ending().sentence();
        return how + " " + counts(e, whole.carrierCount());
    }

    /**
     * On a job thread: the sessions' newest episodes as the live lanes. The bounds are the window's, whatever the
     * number of sessions: each gets an equal share of {@link AttachViewModel#LIVE_EPISODES} and {@link AttachViewModel#LIVE_THREADS}.
     */
    static Live rebuilt(List<Attached> now) {
        long dropped = now.stream().mapToLong(a -> a.session().episodes().dropped()).sum();
        if (now.size() == 1) {
            Attached a = now.get(0);
            AttachedEpisodes.Newest newest = a.session().episodes().newest(a.target().mainClass(),
                    a.poolParallelism(), AttachViewModel.LIVE_EPISODES, AttachViewModel.LIVE_THREADS);
            return new Live(prepared(newest.recording()), liveLine(a, newest), gapsNote(dropped));
        }
        List<SideBySide.Part> parts = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        // a connected JVM's clock is its own host's: it is placed at its hello's arrival, which the line must not hide
        boolean connected = now.stream().anyMatch(a -> a.session().remote() != null);
        lines.add(String.format(Locale.ROOT, "%d JVMs side by side on one time axis (this machine's clock%s):", now.size(),
                connected ? "; a connected JVM's from its hello's arrival here" : ""));
        for (Attached a : now) {
            AttachedEpisodes e = a.session().episodes();
            AttachedEpisodes.Newest newest = e.newest(a.target().mainClass(), a.poolParallelism(),
                    AttachViewModel.LIVE_EPISODES / now.size(), AttachViewModel.LIVE_THREADS / now.size());
            parts.add(SideBySide.part(newest.recording(), e, a.target().pid(), a.target().mainClass()));
            lines.add(SideBySide.jvmLabel(a.target().pid(), a.target().mainClass()) + ": " + liveLine(a, newest)
                    + (a.session().ending() == null ? "" : " Ended: " + a.session().ending().sentence()));
        }
        return new Live(prepared(SideBySide.merge(parts)), String.join("\n", lines), gapsNote(dropped));
    }

    /** On a job thread: the lanes' timeline of {@code r} with its mount index built, so the FX thread does not. */
    private static StateTimeline prepared(RunRecording r) {
        StateTimeline t = new StateTimeline(r);
        if (r.recordsMounts()) {
            t.index();
        }
        return t;
    }

    /** Said over the lanes while episodes were dropped: a gap then is not all idle carrier. */
    static String gapsNote(long dropped) {
        return dropped == 0 ? "" : String.format(Locale.ROOT, "Gaps in the lanes are not all idle: %,d "
                + "episodes were dropped in the target (a carrier's buffer was full) and are not drawn.", dropped);
    }

    /** One session's line while attached: whom, and its counts. */
    private static String liveLine(Attached a, AttachedEpisodes.Newest newest) {
        AttachedEpisodes e = a.session().episodes();
        String shown = newest.episodesLeftOut() == 0 ? ""
                : String.format(" Lanes and field show the newest %,d episodes of %,d threads.", newest.episodesShown(),
                        newest.threadsShown());
        return "Attached to " + who(a) + ", Java " + e.javaVersion()
                + (a.poolParallelism() == Integer.MAX_VALUE ? "" : ", pool of " + a.poolParallelism()) + ": "
                + counts(e, newest.recording().carrierCount()) + shown;
    }

    /** "4121 (Server)", with where it runs: "in docker 3f2a1b9c0d1e", or a connected agent's "at 127.0.0.1:7071". */
    static String who(Attached a) {
        String place = a.target().place();
        return a.target().pid() + " (" + a.target().mainClass() + ")"
                + (place == null ? "" : a.session().remote() != null ? " " + place : " in " + place);
    }

    /** @param carriers the carriers that ran a thread (the agent also names those of an earlier attach) */
    private static String counts(AttachedEpisodes e, int carriers) {
        String line = String.format("%,d mounts of %,d virtual threads on %,d carriers", e.episodeCount() + e.notKept(),
                e.virtualThreadCount(), carriers);
        if (e.dropped() > 0) {
            line += String.format("; %,d dropped (a carrier's buffer was full)", e.dropped());
        }
        if (e.notKept() > 0) {
            line += String.format("; %,d past the session's cap, counted, not kept", e.notKept());
        }
        return line + ".";
    }
}
