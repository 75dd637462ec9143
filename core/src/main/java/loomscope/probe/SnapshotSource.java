package loomscope.probe;

/** Who took a thread snapshot. */
public enum SnapshotSource {
    /** Our own crash-safe poll: {@code getState()}, carrier field and {@code getStackTrace()} per thread. */
    IN_PROCESS,
    /** HotSpot's JSON thread dump ({@code jcmd Thread.dump_to_file -format=json}), here or from another JVM. */
    HOTSPOT_JSON;

    public String label() {
        return this == IN_PROCESS ? "in-process" : "hotspot-json";
    }
}
