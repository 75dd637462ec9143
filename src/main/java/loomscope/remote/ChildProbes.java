package loomscope.remote;

/**
 * The probes the child runs beside its workload and streams as {@code X} lines. Polling HotSpot's thread
 * dumps can crash a JVM during virtual-thread churn (JDK-8359870): here that costs only the child.
 */
final class ChildProbes implements AutoCloseable {

    private ChildProbes() { }

    static ChildProbes start(ChildArgs.ProbeRequest request, EventStreamer streamer) {
        return new ChildProbes();
    }

    @Override
    public void close() { }
}
