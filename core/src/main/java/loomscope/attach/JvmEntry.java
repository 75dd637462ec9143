package loomscope.attach;

/**
 * One JVM of this user's, as {@code attach --list} shows it.
 *
 * @param mainClass   its main class or jar as the JVM names it ("" when it does not say)
 * @param javaVersion its runtime's version, from the runtime's {@code release} file ("unknown" if unreadable)
 * @param refusal     null when LoomScope can attach to it, else why not (one line)
 */
public record JvmEntry(long pid, String mainClass, String javaVersion, String refusal) {
    public boolean attachable() {
        return refusal == null;
    }
}
