package loomscope.probe;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A HotSpot JSON thread dump ({@code jcmd <pid> Thread.dump_to_file -format=json}, or
 * {@code HotSpotDiagnosticMXBean.dumpThreads(path, JSON)}), parsed.
 * <p>
 * The two JDKs write different things. JDK 25 gives per thread {@code tid, time, virtual, name, state,
 * stack} and, for a mounted virtual thread, {@code carrier} (the carrier's tid). JDK 21 gives only
 * {@code tid, name, stack}: no state, no carrier, not even whether a thread is virtual — so there we call a
 * thread virtual when its bottom frame is {@code VirtualThread.run} or its name is a workload VT's, and say
 * that state and carrier were not reported rather than guessing them.
 *
 * @param processId      the dumped JVM's pid (-1 if absent)
 * @param time           when the dump began
 * @param runtimeVersion e.g. "25.0.3+9-LTS"
 * @param threads        every thread in every container, in dump order
 */
public record HotSpotThreadDump(long processId, Instant time, String runtimeVersion, List<DumpedThread> threads) {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(JsonParser.Feature.INCLUDE_SOURCE_IN_LOCATION);

    public HotSpotThreadDump {
        threads = List.copyOf(threads);
    }

    /**
     * One thread as dumped.
     *
     * @param time       when this thread was dumped (JDK 25), else the dump's time
     * @param state      null when the JDK did not report it (JDK 21)
     * @param carrierTid the carrier's tid for a mounted virtual thread; -1 unmounted, -2 not reported (JDK 21)
     * @param container  the thread container ("<root>", "ForkJoinPool-1/…")
     */
    public record DumpedThread(long tid, String name, boolean virtual, Thread.State state, long carrierTid,
                               Instant time, List<StackFrame> stack, String container) {
        public static final long NOT_MOUNTED = -1;
        public static final long CARRIER_NOT_REPORTED = -2;

        public DumpedThread {
            stack = List.copyOf(stack);
        }
    }

    public static HotSpotThreadDump read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, file.toString());
        }
    }

    /**
     * Parses a dump.
     *
     * @param what names the input in error messages
     * @throws IOException with the position and the reason when the text is not a HotSpot JSON thread dump
     */
    public static HotSpotThreadDump read(InputStream in, String what) throws IOException {
        JsonNode root;
        try {
            root = MAPPER.readTree(in);
        } catch (JsonProcessingException e) {
            throw new IOException(what + " is not JSON: " + e.getOriginalMessage()
                    + (e.getLocation() != null ? " at line " + e.getLocation().getLineNr() : ""), e);
        }
        JsonNode dump = root == null ? null : root.get("threadDump");
        if (dump == null || !dump.isObject()) {
            throw new IOException(what + " is not a HotSpot JSON thread dump (no \"threadDump\" object)");
        }
        Instant time = instant(dump.get("time"), what);
        if (time == null) {
            throw new IOException(what + ": the thread dump has no \"time\"");
        }
        JsonNode containers = dump.get("threadContainers");
        if (containers == null || !containers.isArray()) {
            throw new IOException(what + ": the thread dump has no \"threadContainers\" array");
        }
        List<DumpedThread> threads = new ArrayList<>();
        for (JsonNode container : containers) {
            String containerName = text(container.get("container"), "?");
            JsonNode list = container.get("threads");
            if (list == null) {
                continue;
            }
            for (JsonNode t : list) {
                threads.add(thread(t, containerName, time, what));
            }
        }
        return new HotSpotThreadDump(number(dump.get("processId"), -1), time, text(dump.get("runtimeVersion"), "?"), threads);
    }

    private static DumpedThread thread(JsonNode t, String container, Instant dumpTime, String what) throws IOException {
        long tid = number(t.get("tid"), -1);
        String name = text(t.get("name"), "");
        if (tid < 0) {
            throw new IOException(what + ": thread \"" + name + "\" in " + container + " has no tid");
        }
        List<StackFrame> stack = new ArrayList<>();
        JsonNode frames = t.get("stack");
        if (frames != null) {
            for (JsonNode f : frames) {
                stack.add(StackFrame.parse(f.asText()));
            }
        }
        JsonNode virtualNode = t.get("virtual");
        boolean virtual = virtualNode != null ? virtualNode.asBoolean()
                : ThreadNames.taskIndexOf(name) >= 0 && name.startsWith(ThreadNames.VIRTUAL_PREFIX)
                  || !stack.isEmpty() && isVirtualThreadRun(stack.get(stack.size() - 1));
        Thread.State state = state(t.get("state"), name, what);
        // JDK 25 writes "state" for every thread; a dump without it is from a JDK that reports no carriers either.
        long carrier = state == null ? DumpedThread.CARRIER_NOT_REPORTED : number(t.get("carrier"), DumpedThread.NOT_MOUNTED);
        Instant time = instant(t.get("time"), what);
        return new DumpedThread(tid, name, virtual, state, carrier, time != null ? time : dumpTime, stack, container);
    }

    private static boolean isVirtualThreadRun(StackFrame f) {
        return "java.lang.VirtualThread".equals(f.className()) && "run".equals(f.methodName());
    }

    /**
     * The workload's threads (and any other virtual thread) as a snapshot, carriers resolved to their names.
     *
     * @param toRecordingNanos maps a dump instant onto the recording clock (the caller knows both clocks)
     * @param tookNanos        how long the dump took, as measured by whoever asked for it
     */
    public ThreadSnapshot toSnapshot(ToLongFunction<Instant> toRecordingNanos, long tookNanos) {
        Map<Long, String> names = new HashMap<>();
        for (DumpedThread t : threads) {
            names.put(t.tid(), t.name());
        }
        List<ThreadSample> samples = new ArrayList<>();
        for (DumpedThread t : threads) {
            int task = ThreadNames.taskIndexOf(t.name());
            if (task < 0 && !t.virtual()) {
                continue;
            }
            boolean reported = t.carrierTid() != DumpedThread.CARRIER_NOT_REPORTED;
            String carrierName = t.carrierTid() >= 0 ? names.getOrDefault(t.carrierTid(), "tid " + t.carrierTid()) : null;
            long at = toRecordingNanos.applyAsLong(t.time());
            samples.add(new ThreadSample(task, t.name(), t.tid(), t.virtual(), t.state(), reported, carrierName,
                    ThreadNames.carrierIndexOf(carrierName), at, at, t.stack()));
        }
        samples.sort(Comparator.comparingInt(ThreadSample::taskIndex));
        return new ThreadSnapshot(toRecordingNanos.applyAsLong(time), tookNanos, SnapshotSource.HOTSPOT_JSON,
                runtimeVersion, samples);
    }

    /** The dump's threads whose names are workload tasks'. */
    public long workloadThreads() {
        return threads.stream().filter(t -> ThreadNames.taskIndexOf(t.name()) >= 0).count();
    }

    private static Thread.State state(JsonNode node, String thread, String what) throws IOException {
        if (node == null || node.isNull()) {
            return null;
        }
        try {
            return Thread.State.valueOf(node.asText());
        } catch (IllegalArgumentException e) {
            throw new IOException(what + ": thread \"" + thread + "\" has unknown state \"" + node.asText() + "\"", e);
        }
    }

    private static Instant instant(JsonNode node, String what) throws IOException {
        if (node == null || node.isNull()) {
            return null;
        }
        try {
            return Instant.parse(node.asText());
        } catch (DateTimeParseException e) {
            throw new IOException(what + ": bad time \"" + node.asText() + "\"", e);
        }
    }

    /** The dump writes numbers as strings ("tid": "23"). */
    private static long number(JsonNode node, long absent) {
        if (node == null || node.isNull()) {
            return absent;
        }
        try {
            return Long.parseLong(node.asText().trim());
        } catch (NumberFormatException e) {
            return absent;
        }
    }

    private static String text(JsonNode node, String absent) {
        return node == null || node.isNull() ? absent : node.asText();
    }
}
