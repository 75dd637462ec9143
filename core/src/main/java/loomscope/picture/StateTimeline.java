package loomscope.picture;

import loomscope.recording.CarrierLog;
import loomscope.recording.MountIndex;
import loomscope.recording.RunRecording;
import loomscope.recording.VtState;
import loomscope.workload.Phase;

/**
 * Answers "what was every thread and every carrier doing at instant t" from a recording: for replay of a
 * finished run (exact, from the mount index) and for the live view of a running one (from the latest
 * writes). Reads only recorded facts; never guesses a state the recording cannot support. Which part of a mount is
 * pinned is {@link PinnedSpans}'s rule, the one the lanes draw with.
 */
public final class StateTimeline {
    private final RunRecording recording;
    private MountIndex index;
    private int indexedMounts = -1;

    public StateTimeline(RunRecording recording) {
        this.recording = recording;
    }

    public RunRecording recording() { return recording; }

    /**
     * Whether {@code r} holds mounts but no thread's phases (an attached JVM's session: the agent sees mounts only), so
     * that a thread off its carrier is {@link VtState#UNMOUNTED}, not queued, parked or blocked.
     */
    public static boolean mountsOnly(RunRecording r) {
        if (!r.recordsMounts() || !r.isFinished()) {
            return false;
        }
        for (int vt = 0; vt < r.threads(); vt++) {
            if (r.phase(vt, Phase.STARTED) >= 0) {
                return false;
            }
        }
        for (CarrierLog log : r.carriers()) {
            if (log.size() > 0) {
                return true;   // mounts, and not one thread's start told: a run stopped before any start has none
            }
        }
        return false;
    }

    /** The mount index for the recording as it stands; rebuilt only when new mounts were recorded. */
    public MountIndex index() {
        int total = 0;
        for (CarrierLog log : recording.carriers()) {
            total += log.size();
        }
        if (index == null || total != indexedMounts) {
            index = MountIndex.of(recording);
            indexedMounts = total;
        }
        return index;
    }

    // ---- replay: any instant of a recorded run ----

    /** Fills {@code out[vt]} with the {@link VtState} ordinal of every thread at time t (nanos since origin). */
    public void statesAt(long t, byte[] out) {
        MountIndex mounts = recording.recordsMounts() ? index() : null;
        for (int vt = 0; vt < recording.threads(); vt++) {
            out[vt] = (byte) stateAt(mounts, vt, t).ordinal();
        }
    }

    public VtState stateAt(int vt, long t) {
        return stateAt(recording.recordsMounts() ? index() : null, vt, t);
    }

    private VtState stateAt(MountIndex mounts, int vt, long t) {
        long created = recording.phase(vt, Phase.CREATED);
        if (created < 0 || t < created) {
            return recording.endedByStop(vt, t) ? VtState.STOPPED : VtState.NEW;
        }
        long done = recording.phase(vt, Phase.DONE);
        if (mounts == null) {
            return stateFromPhasesOnly(vt, t, done);
        }
        int k = mounts.lastMountStartedBy(vt, t);
        if (k >= 0) {
            int m = mounts.mount(vt, k);
            if (t < mounts.end(m)) {
                Look whole = Look.wholeMount(mounts.log(m), mounts.entry(m));
                if (whole != null) {
                    return whole.state();   // held, unsure, captured, stalled: the whole mount (Look's one rule)
                }
                return mounts.pinned(m) && PinnedSpans.heldAt(recording, vt, mounts.start(m), mounts.end(m), t)
                        ? VtState.PINNED : VtState.RUNNING;
            }
        }
        if (done >= 0 && t >= done) {
            return ended(vt, t);
        }
        if (k >= 0 && recording.phase(vt, Phase.STARTED) < 0) {
            return VtState.UNMOUNTED;   // mounts and no phases: an attached JVM's thread, off its carrier for a reason untold
        }
        int next = k + 1;
        if (next < mounts.mountCount(vt) && mounts.submit(mounts.mount(vt, next)) <= t) {
            return VtState.QUEUED;
        }
        if (inSleep(vt, t)) {
            return VtState.PARKED;
        }
        if (inLockWait(vt, t)) {
            return VtState.BLOCKED;
        }
        return k < 0 ? VtState.NEW : VtState.QUEUED;
    }

    private VtState stateFromPhasesOnly(int vt, long t, long done) {
        if (done >= 0 && t >= done) {
            return ended(vt, t);
        }
        long started = recording.phase(vt, Phase.STARTED);
        if (started < 0 || t < started) {
            return VtState.QUEUED;
        }
        return inSleep(vt, t) || inLockWait(vt, t) ? VtState.WAITING : VtState.RUNNING;
    }

    // ---- live: the newest instant of a running recording ----

    /** Fills {@code out} with every thread's state now; cheap enough for every pulse (no index). */
    public void liveStates(byte[] out) {
        long now = recording.now();
        CarrierLog[] logs = recording.carriersByIndex();   // once a pulse, not once a thread
        for (int vt = 0; vt < recording.threads(); vt++) {
            out[vt] = (byte) liveState(vt, now, logs).ordinal();
        }
    }

    public VtState liveState(int vt, long now) {
        return liveState(vt, now, recording.carriersByIndex());
    }

    /**
     * {@code logs} by carrier index, as {@link RunRecording#carriersByIndex()} gives them: a carrier that runs a thread
     * may not have reported its start yet (null there), and one added since the copy is past its end.
     */
    private VtState liveState(int vt, long now, CarrierLog[] logs) {
        long created = recording.phase(vt, Phase.CREATED);
        if (created < 0) {
            return recording.endedByStop(vt, now) ? VtState.STOPPED : VtState.NEW;
        }
        if (!recording.recordsMounts()) {
            return stateFromPhasesOnly(vt, now, recording.phase(vt, Phase.DONE));
        }
        int carrier = recording.liveCarrierOf(vt);
        if (carrier >= 0) {
            CarrierLog log = carrier < logs.length ? logs[carrier] : null;
            long open = log == null ? Long.MAX_VALUE : log.openStart();
            // the carrier's open mount may be told a moment after the thread's (or the carrier's start may not be
            // told yet): then any block still going counts
            long mountStart = log != null && log.openVt() == vt && open <= now ? open : Long.MIN_VALUE;
            return PinnedSpans.openHeldAt(recording, vt, mountStart, now) ? VtState.PINNED : VtState.RUNNING;
        }
        if (recording.phase(vt, Phase.DONE) >= 0) {
            return ended(vt, now);
        }
        return liveUnmountedState(vt, now);
    }

    private VtState liveUnmountedState(int vt, long now) {
        if (recording.liveQueued(vt)) {
            return VtState.QUEUED;
        }
        if (recording.liveNeverSubmitted(vt)) {
            return VtState.NEW;
        }
        if (openBlockingSince(vt) >= 0) {
            return recording.phase(vt, Phase.SLEEP_START) >= 0 ? VtState.PARKED : VtState.BLOCKED;
        }
        return VtState.QUEUED;
    }

    /** The thread carrier {@code c} held at time t, or -1; for replay. */
    public int occupantAt(CarrierLog carrier, long t) {
        int i = carrier.mountAt(t);
        if (i >= 0) {
            return carrier.vt(i);
        }
        int open = carrier.openVt();
        return open >= 0 && !recording.isFinished() && carrier.openStart() <= t ? open : -1;
    }

    /** Whether carrier c is wasted at t: it holds a thread that is blocked ({@link PinnedSpans#pinnedAt}). */
    public boolean pinnedAt(CarrierLog carrier, long t) {
        return PinnedSpans.pinnedAt(recording, carrier, t);
    }

    /** What carrier c's box shows at t ({@link LaneLooks#at}): idle, running, pinned, or how its mount held it. */
    public Look lookAt(CarrierLog carrier, long t) {
        return LaneLooks.at(recording, carrier, t);
    }

    // ---- blocking intervals ----

    private long openBlockingSince(int vt) {
        long sleepStart = recording.phase(vt, Phase.SLEEP_START);
        if (recording.sleepCanBlock() && sleepStart >= 0 && recording.phase(vt, Phase.SLEEP_END) < 0) {
            return sleepStart;
        }
        long requested = recording.phase(vt, Phase.LOCK_REQUESTED);
        if (recording.lockCanBlock() && requested >= 0 && recording.phase(vt, Phase.LOCK_ACQUIRED) < 0) {
            return requested;
        }
        return -1;
    }


    private boolean inSleep(int vt, long t) {
        return recording.sleepCanBlock()
                && within(t, recording.phase(vt, Phase.SLEEP_START), recording.phase(vt, Phase.SLEEP_END));
    }

    private boolean inLockWait(int vt, long t) {
        return recording.lockCanBlock()
                && within(t, recording.phase(vt, Phase.LOCK_REQUESTED), recording.phase(vt, Phase.LOCK_ACQUIRED));
    }

    private static boolean within(long t, long from, long to) {
        return from >= 0 && t >= from && (to < 0 || t < to);
    }

    /** A thread that has ended: done, or stopped if Stop cut its work short (known once the run has ended). */
    private VtState ended(int vt, long t) {
        return recording.endedByStop(vt, t) ? VtState.STOPPED : VtState.DONE;
    }
}
