package loomscope.agent;

import java.util.List;
import java.util.function.Consumer;

import loomscope.clock.HeldSampler;

/**
 * The witness for what JFR has no event for (opening a pipe, a DNS lookup, JNI): the clock module's
 * {@link HeldSampler} over the hooked carriers, each stack sent as a {@code W HeldStack} line ({@link AgentWire}),
 * in order with the episodes through the stream's bounded queue. One daemon thread of ours while a session lasts,
 * stopped and joined at detach; it takes at most {@link HeldSampler#MAX_STACKS_PER_SECOND} stacks, each of a mount held
 * for the floor or more, and keeps none.
 */
final class HeldStackTap {
    private final HeldSampler sampler;
    private final Thread thread;

    private HeldStackTap(HeldSampler sampler, Thread thread) {
        this.sampler = sampler;
        this.thread = thread;
    }

    /** Starts sampling; null where this JVM cannot measure another thread's CPU time (the caller says so). */
    static HeldStackTap start(long originNanos, Consumer<String> lines) {
        List<CarrierRecorder> carriers = Hooks.carriers();
        HeldSampler sampler = HeldSampler.of(new HeldSampler.Mounts() {
            @Override
            public int carriers() {
                return carriers.size();
            }

            @Override
            public Thread mounted(int c) {
                return carriers.get(c).openThread();
            }

            @Override
            public long mountedSince(int c) {
                return carriers.get(c).openSince();
            }

            @Override
            public Thread carrier(int c) {
                return carriers.get(c).carrier;
            }

            @Override
            public long now() {
                return System.nanoTime();
            }
        }, (c, from, at, state, kernelBlocked, trace) -> lines.accept(line(from - originNanos, at - from, state,
                kernelBlocked, carriers.get(c).carrier.getName(), trace)));
        if (sampler == null) {
            return null;
        }
        return new HeldStackTap(sampler, AgentThreads.start("loomscope-agent-held-stacks", sampler));
    }

    /** Core's {@code Witness.KERNEL_BLOCKED}: after the state, the kernel confirmed the carrier blocked. */
    static final String KERNEL_BLOCKED = "/blocked";

    static String line(long start, long duration, Thread.State state, boolean kernelBlocked, String carrier,
                       StackTraceElement[] trace) {
        StringBuilder line = new StringBuilder("W HeldStack ").append(start).append(' ').append(duration).append(' ')
                .append(AgentWire.encoded(state.name() + (kernelBlocked ? KERNEL_BLOCKED : "") + " " + carrier))
                .append(' ');
        int n = Math.min(JfrPinnedTap.FRAMES, trace.length);
        for (int i = 0; i < n; i++) {
            line.append(i == 0 ? "" : ",").append(AgentWire.encoded(frame(trace[i])));
        }
        return n == 0 ? line.append(AgentWire.NONE).toString() : line.toString();
    }

    /** A frame as the JFR tap writes them: {@code pkg.Class.method(File.java:12)}, or {@code (Native Method)}. */
    private static String frame(StackTraceElement e) {
        String text = e.getClassName() + "." + e.getMethodName() + (e.isNativeMethod() ? "(Native Method)"
                : "(" + (e.getFileName() == null ? "Unknown Source" : e.getFileName())
                        + (e.getLineNumber() >= 0 ? ":" + e.getLineNumber() : "") + ")");
        return text.length() <= JfrPinnedTap.FRAME_CHARS ? text : text.substring(0, JfrPinnedTap.FRAME_CHARS);
    }

    /** Stops sampling and waits for its thread (at most a second): nothing of it stays after a detach. */
    void close() {
        sampler.stop();
        try {
            thread.join(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
