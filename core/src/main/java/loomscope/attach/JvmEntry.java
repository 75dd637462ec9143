package loomscope.attach;

/**
 * One JVM of this user's, as {@code attach --list} shows it.
 *
 * @param mainClass   its main class or jar as the JVM names it ("" when it does not say)
 * @param javaVersion its runtime's version, from the runtime's {@code release} file ("unknown" if unreadable)
 * @param refusal     null when LoomScope can attach to it, else why not (one line)
 * @param place       the container it runs in ("docker 3f2a1b9c0d1e", "its own namespaces (mnt, net)"), or null when
 *                    it shares LoomScope's
 */
public record JvmEntry(long pid, String mainClass, String javaVersion, String refusal, String place) {
    /** A JVM that shares LoomScope's namespaces (or whose place is not known). */
    public JvmEntry(long pid, String mainClass, String javaVersion, String refusal) {
        this(pid, mainClass, javaVersion, refusal, null);
    }

    public boolean attachable() {
        return refusal == null;
    }
}
