package loomscope.probe;

/**
 * One frame of a sampled stack, whichever voice reported it: a {@link StackTraceElement} (in-process), a
 * line of a HotSpot JSON dump, or a JFR frame. The text form is the JDK's own
 * ({@code "java.base/java.lang.Thread.sleep(Thread.java:540)"}), so exported dumps read like jcmd's.
 *
 * @param module    module name, or null (classes on the class path)
 * @param fileName  source file, or null when unknown
 * @param line      line number; -1 unknown, -2 native method
 */
public record StackFrame(String module, String className, String methodName, String fileName, int line) {

    public static final int UNKNOWN_LINE = -1;
    public static final int NATIVE_LINE = -2;
    private static final String UNKNOWN_SOURCE = "Unknown Source";

    public static StackFrame of(StackTraceElement e) {
        return new StackFrame(e.getModuleName(), e.getClassName(), e.getMethodName(), e.getFileName(),
                e.isNativeMethod() ? NATIVE_LINE : Math.max(e.getLineNumber(), UNKNOWN_LINE));
    }

    /**
     * Parses the JDK's text form. JDK 21 writes "(Unknown Source)" for JDK frames, JDK 25 "(File.java:n)";
     * both write "(Native Method)". Text that is not a frame is kept whole as the class name, never dropped.
     */
    public static StackFrame parse(String text) {
        int open = text.lastIndexOf('(');
        String where = open >= 0 && text.endsWith(")") ? text.substring(open + 1, text.length() - 1) : null;
        String qualified = where != null ? text.substring(0, open) : text;
        String module = null;
        int slash = qualified.lastIndexOf('/');
        if (slash >= 0) {
            // "loader/module@version/class": the module is the part just before the class
            String prefix = qualified.substring(0, slash);
            int firstSlash = prefix.lastIndexOf('/');
            module = stripVersion(firstSlash >= 0 ? prefix.substring(firstSlash + 1) : prefix);
            qualified = qualified.substring(slash + 1);
        }
        int dot = qualified.lastIndexOf('.');
        String className = dot > 0 ? qualified.substring(0, dot) : qualified;
        String method = dot > 0 ? qualified.substring(dot + 1) : "";
        String file = null;
        int line = UNKNOWN_LINE;
        if ("Native Method".equals(where)) {
            line = NATIVE_LINE;
        } else if (where != null && where.startsWith(UNKNOWN_SOURCE + ":")) {
            try {
                line = Integer.parseInt(where.substring(UNKNOWN_SOURCE.length() + 1));
            } catch (NumberFormatException e) {
                line = UNKNOWN_LINE;
            }
        } else if (where != null && !UNKNOWN_SOURCE.equals(where)) {
            int colon = where.lastIndexOf(':');
            file = colon >= 0 ? where.substring(0, colon) : where;
            if (colon >= 0) {
                try {
                    line = Integer.parseInt(where.substring(colon + 1));
                } catch (NumberFormatException e) {
                    file = where;
                }
            }
        }
        return new StackFrame(module == null || module.isEmpty() ? null : module, className, method, file, line);
    }

    private static String stripVersion(String module) {
        int at = module.indexOf('@');
        return at >= 0 ? module.substring(0, at) : module;
    }

    /**
     * Whether this is the application's code rather than the JDK's: what a pinned-threads table should
     * name ("top application frame", as {@code jfr view pinned-threads} does).
     */
    public boolean isApplication() {
        if (module != null && (module.startsWith("java.") || module.startsWith("jdk."))) {
            return false;
        }
        return !(className.startsWith("java.") || className.startsWith("jdk.") || className.startsWith("sun.")
                || className.startsWith("com.sun.") || className.startsWith("javax."));
    }

    /** "Task.holdAndSleep" — short enough for a table cell. */
    public String shortName() {
        int dot = className.lastIndexOf('.');
        return (dot >= 0 ? className.substring(dot + 1) : className) + (methodName.isEmpty() ? "" : "." + methodName);
    }

    /** The JDK's text form, as {@link StackTraceElement#toString()} and jcmd's JSON write it. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        if (module != null) {
            s.append(module).append('/');
        }
        s.append(className);
        if (!methodName.isEmpty()) {
            s.append('.').append(methodName);
        }
        s.append('(');
        if (line == NATIVE_LINE) {
            s.append("Native Method");
        } else if (fileName == null) {
            // JFR names no source file but knows the line: keep it ("Unknown Source:12"), where the JDK's form drops it
            s.append("Unknown Source");
            if (line >= 0) {
                s.append(':').append(line);
            }
        } else {
            s.append(fileName);
            if (line >= 0) {
                s.append(':').append(line);
            }
        }
        return s.append(')').toString();
    }
}
