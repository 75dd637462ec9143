package loomscope.workload;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --param NAME=VALUE} arguments by name, in order, for the CLI and the window alike. Taken as a list, not as
 * picocli's map: a map kept the last of two values for one name silently.
 */
public final class ParamArguments {
    private ParamArguments() { }

    /** The values by name; throws, naming it, for a name given twice. */
    public static Map<String, String> byName(List<String> args) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            String name = eq < 0 ? arg : arg.substring(0, eq);
            if (values.put(name, eq < 0 ? "" : arg.substring(eq + 1)) != null) {
                throw new IllegalArgumentException(name + " is given twice");
            }
        }
        return values;
    }
}
