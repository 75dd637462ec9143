package loomscope.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import loomscope.attach.JvmEntry;
import loomscope.attach.JvmList;

/** {@code attach --list}: this user's JVMs, whether the agent may go in, as lines or one JSON array. */
final class JvmListing {
    private JvmListing() { }

    /** {@code --list --json}: one array, a JVM an object with stable names; {@code why} is null when attachable. */
    static int json(PrintWriter out) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        ArrayNode array = mapper.createArrayNode();
        for (JvmEntry j : JvmList.list()) {
            ObjectNode node = array.addObject();
            node.put("pid", j.pid());
            node.put("mainClass", j.mainClass());
            node.put("javaVersion", j.javaVersion());
            node.put("attachable", j.attachable());
            node.put("why", j.refusal());
            node.put("container", j.place());
        }
        out.println(mapper.writeValueAsString(array));
        return 0;
    }

    /** {@code --list}: a table, a container's column only where a JVM runs in one. */
    static int lines(PrintWriter out) {
        List<JvmEntry> jvms = JvmList.list();
        if (jvms.isEmpty()) {
            out.println("No other JVM is running (that this user can see).");
            return 0;
        }
        int width = Math.max(10, jvms.stream().mapToInt(j -> AttachSummary.shown(j.mainClass()).length()).max().orElse(0));
        // the container's column only where one runs in a container: a plain machine's list stays as it was
        boolean anyContained = jvms.stream().anyMatch(j -> j.place() != null);
        String placeColumn = anyContained ? "%-" + Math.max(9, jvms.stream().mapToInt(j -> AttachSummary.shown(place(j)).length())
                .max().orElse(0)) + "s  " : "%s";
        out.printf(Locale.ROOT, "%-8s  %-" + width + "s  %-12s  " + placeColumn + "%s%n", "PID", "MAIN CLASS", "JAVA",
                anyContained ? "CONTAINER" : "", "ATTACHABLE");
        for (JvmEntry j : jvms) {
            out.printf(Locale.ROOT, "%-8d  %-" + width + "s  %-12s  " + placeColumn + "%s%n", j.pid(), AttachSummary.shown(j.mainClass()),
                    j.javaVersion(), anyContained ? AttachSummary.shown(place(j)) : "", j.attachable() ? "yes" : "no: " + j.refusal());
        }
        return 0;
    }

    private static String place(JvmEntry j) {
        return j.place() == null ? "-" : j.place();
    }
}
