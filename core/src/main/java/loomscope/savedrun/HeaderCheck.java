package loomscope.savedrun;

import java.util.Map;

/**
 * The header's facts that JSON's types cannot refuse: a count or a time no run could have, or text that would
 * break a line where it is shown (the history table, the timing card, the terminal). Each refusal names the part.
 */
final class HeaderCheck {
    private HeaderCheck() { }

    static void check(HeaderJson.Header h) throws SavedRunFormatException {
        RunInfo info = h.info();
        oneLine("jdkVersion", h.jdkVersion());
        oneLine("loomscopeVersion", info.loomscopeVersion());
        oneLine("scenario", info.scenario());
        oneLine("os", info.hostOs());
        oneLine("arch", info.hostArch());
        if (h.application() != null) {
            for (var jvm : h.application().jvms()) {
                oneLine("application.mainClass", jvm.mainClass());
                oneLine("application.jdkVersion", jvm.jdkVersion());
                if (jvm.host() != null) {
                    oneLine("application.host", jvm.host());
                }
            }
        }
        for (String flag : info.jvmFlags()) {
            oneLine("jvmFlags", flag);
        }
        for (Map.Entry<String, String> p : params(h).entrySet()) {
            oneLine("params", p.getKey());
            oneLine("params", p.getValue());
        }
        if (info.hostCores() < 1 || info.hostCores() > 1 << 16) {
            throw new SavedRunFormatException("its header's \"cores\" is " + info.hostCores() + ", impossible for a host");
        }
        int threads = h.config().threads();
        if (h.completed() < 0 || h.completed() > threads) {
            throw new SavedRunFormatException("its header's \"completed\" is " + h.completed() + ", impossible in a run of "
                    + threads + " threads");
        }
        if (h.runStart() < 0 || h.runStart() > LoomRunFormat.MAX_RUN_NANOS) {
            throw new SavedRunFormatException("its header's \"startNanos\" is " + h.runStart() + ", an impossible time");
        }
        if (h.runEnd() < h.runStart()) {
            throw new SavedRunFormatException("its header's \"endNanos\" is before its \"startNanos\": the run would end before it began");
        }
        if (h.runEnd() - h.runStart() > LoomRunFormat.MAX_RUN_NANOS) {
            throw new SavedRunFormatException("its header's \"endNanos\" makes the run last longer than 30 days, an impossible time");
        }
    }

    private static Map<String, String> params(HeaderJson.Header h) {
        return h.config().scenario().values();
    }

    private static void oneLine(String field, String text) throws SavedRunFormatException {
        if (text.codePoints().anyMatch(Character::isISOControl)) {
            throw new SavedRunFormatException("its header's \"" + field + "\" holds control characters (a line break, an escape)");
        }
    }
}
