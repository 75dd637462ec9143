package loomscope.runs;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import loomscope.io.ByteLines;
import loomscope.io.ForeignText;
import loomscope.io.LineFields;
import loomscope.workload.Phase;
import loomscope.workload.RunObserver;

/**
 * The parent's side of the stream: splits what the child sends over its loopback connection into lines and
 * replays each event on the parent's observer in the order the child produced them, so the parent's recording
 * is written by exactly the calls an in-process run makes. Event lines are parsed straight from bytes (no String per line): the
 * seed run on JDK 25 sends ~100,000 of them in a second.
 */
final class StreamReceiver {

    /** How the stream ended. */
    sealed interface Ending {
        /** The child sent its end line. */
        record Complete() implements Ending { }
        /** EOF at a line boundary but without the end line. */
        record Cut(long lines) implements Ending { }
        /** EOF in the middle of a line: {@code fragment} is what arrived of it. */
        record MidLine(long lines, String fragment) implements Ending { }
        /** A line that is not version-1 protocol after the hello (the first such line; reading went on to EOF). */
        record Garbled(long lines, String line, String why) implements Ending { }
        /** The child speaks another protocol version (another LoomScope build on the class path). */
        record WrongVersion(String hello) implements Ending { }
        /** Reading the pipe failed. */
        record ReadFailed(String why) implements Ending { }
    }

    /** What the receiver needs from its owner. */
    interface Listener {
        /** The hello arrived; returns where events go and the base added to their relative times. */
        Target hello(String javaVersion);

        void probeLine(String payload);

        void failed(String message);

        /** A line that is the JVM's own output (before the hello, or a '#' crash report line). */
        void foreign(String line);

        /** The stream stopped making sense; the receiver keeps reading, handing every further line to foreign. */
        void garbled(Ending.Garbled first);
    }

    record Target(RunObserver observer, long base) { }

    /** A task's first stack is 12 lines of frames: this bounds it whatever the child sends. */
    private static final int MAX_STACK_CHARS = 8_000;

    private final Listener listener;
    private volatile long lastInputNanos = System.nanoTime();
    private volatile long lines;
    private volatile boolean helloSeen;
    private RunObserver observer;
    private long base;
    private Ending.Garbled garbled;

    StreamReceiver(Listener listener) {
        this.listener = listener;
    }

    /** When bytes last arrived: the hang watchdog reads it. */
    long lastInputNanos() { return lastInputNanos; }

    long lines() { return lines; }

    boolean helloSeen() { return helloSeen; }

    /** Reads until the end of the stream or an unreadable line; never throws. */
    Ending receive(InputStream in) {
        try {
            return ByteLines.read(in, (bytes, from, to) -> {
                lastInputNanos = System.nanoTime();
                return line(bytes, from, to);
            }, (bytes, unfinished) -> garbled != null ? garbled : unfinished == 0 ? new Ending.Cut(lines)
                    : new Ending.MidLine(lines, new String(bytes, 0, Math.min(unfinished, 200), StandardCharsets.UTF_8)));
        } catch (IOException e) {
            return new Ending.ReadFailed(e.getMessage());
        }
    }

    /** Handles one line [from, to); returns an ending to stop, null to go on. */
    private Ending line(byte[] b, int from, int to) {
        if (to > from && b[to - 1] == '\r') {
            to--;
        }
        lines++;
        if (!helloSeen) {
            return beforeHello(new String(b, from, to - from, StandardCharsets.UTF_8));
        }
        if (to == from) {
            return null;
        }
        if (garbled != null) {
            listener.foreign(new String(b, from, to - from, StandardCharsets.UTF_8));
            return null;
        }
        try {
            return event(b, from, to);
        } catch (RuntimeException e) {
            // A crashing JVM writes its report into the middle of our last line: stop trusting the stream but
            // read on, so that the report (and the hs_err path) is seen, and let the owner decide when to stop.
            String text = new String(b, from, to - from, StandardCharsets.UTF_8);
            garbled = new Ending.Garbled(lines, text.length() > 200 ? text.substring(0, 200) : text,
                    e.getMessage() == null ? e.toString() : e.getMessage());
            listener.foreign(text);
            listener.garbled(garbled);
            return null;
        }
    }

    private Ending beforeHello(String line) {
        if (!line.startsWith(Wire.HELLO + " ")) {
            listener.foreign(line);
            return null;
        }
        String[] parts = line.split(" ", 3);
        if (parts.length < 3 || !parts[1].equals(String.valueOf(Wire.VERSION))) {
            return new Ending.WrongVersion(line);
        }
        Target target = listener.hello(parts[2]);
        observer = target.observer();
        base = target.base();
        helloSeen = true;
        return null;
    }

    private Ending event(byte[] b, int from, int to) {
        LineFields f = new LineFields(b, from + 1, to);
        switch (b[from]) {
            case Wire.SUBMITTED -> observer.submitted(f.nextInt(), base + f.nextLong());
            case Wire.MOUNT -> observer.mountStarted(f.nextInt(), f.nextInt(), base + f.nextLong(), base + f.nextLong());
            case Wire.UNMOUNT -> observer.mountEnded(f.nextInt(), f.nextInt(), base + f.nextLong(), f.nextLong());
            case Wire.PHASE -> observer.phase(f.nextInt(), Phase.of(f.nextInt()), base + f.nextLong());
            case Wire.HEARTBEAT -> f.nextLong();
            case Wire.RUN_STARTED -> observer.runStarted(base + f.nextLong());
            case Wire.RUN_ENDED -> observer.runEnded(base + f.nextLong(), f.nextInt(), f.nextInt() == 1);
            case Wire.CARRIER -> {
                int index = f.nextInt();
                long t = base + f.nextLong();
                observer.carrierAdded(index, f.rest(), t);
            }
            case Wire.PROBE -> {
                listener.probeLine(f.rest());
                return null;
            }
            case Wire.FAILED -> {
                listener.failed(f.rest());
                return null;
            }
            case Wire.TASK_THREW -> {
                int vt = f.nextInt();
                // the task's exception message, shown on a terminal and in the window: controls replaced, not sent (io.ForeignText)
                observer.taskThrew(vt, ForeignText.cleanLines(Wire.unescape(f.rest()), MAX_STACK_CHARS));
                return null;
            }
            case Wire.END -> {
                return new Ending.Complete();
            }
            case '#' -> {
                listener.foreign(new String(b, from, to - from, StandardCharsets.UTF_8));
                return null;
            }
            default -> throw new IllegalArgumentException("unknown line kind '" + (char) b[from] + "'");
        }
        f.expectEnd();
        return null;
    }

}
