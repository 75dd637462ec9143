package loomscope.probe;

import java.util.Locale;

/** Which of the JDK's voices listen to a run: {@code run --probes none|jfr|snapshots|all}. */
public enum ProbeSelection {
    NONE(false, false),
    JFR(true, false),
    SNAPSHOTS(false, true),
    ALL(true, true);

    private final boolean jfr;
    private final boolean snapshots;

    ProbeSelection(boolean jfr, boolean snapshots) {
        this.jfr = jfr;
        this.snapshots = snapshots;
    }

    public boolean jfr() { return jfr; }

    public boolean snapshots() { return snapshots; }

    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws IllegalArgumentException naming the accepted values */
    public static ProbeSelection fromCliName(String name) {
        for (ProbeSelection p : values()) {
            if (p.cliName().equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown probes '" + name + "': use none, jfr, snapshots or all");
    }
}
