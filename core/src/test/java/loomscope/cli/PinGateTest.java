package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import loomscope.probe.PinnedEvent;
import loomscope.probe.StackFrame;
import org.junit.jupiter.api.Test;

/** --fail-on-pin fails on the JDK's pins of the application's code only, of 1 ms or more. */
class PinGateTest {
    private static final List<StackFrame> APP = List.of(StackFrame.parse("java.lang.Thread.sleep(Native Method)"),
            StackFrame.parse("app.Routes.slow(Routes.java:12)"));
    private static final List<StackFrame> JDK_ONLY = List.of(StackFrame.parse("sun.net.httpserver.ServerImpl.run(Unknown Source:10)"));

    private static PinnedEvent event(long nanos, List<StackFrame> stack) {
        return new PinnedEvent(0, nanos, "c", 0, "Native or VM frame on stack", null, stack, nanos);
    }

    @Test
    void anApplicationSitePinnedForAMillisecondOrMoreFails() {
        StringWriter err = new StringWriter();
        assertEquals(3, PinGate.apply(List.of(event(2_000_000, APP)), 0, new PrintWriter(err, true)));
        assertTrue(err.toString().startsWith("loomscope: pinned at 1 site of the application's (--fail-on-pin):"), err.toString());
        assertTrue(err.toString().contains("app.Routes.slow:12"), err.toString());
    }

    @Test
    void theJdksOwnPinsShortPinsAndFailedRunsDoNot() {
        PrintWriter err = new PrintWriter(new StringWriter(), true);
        assertEquals(0, PinGate.apply(List.of(event(5_000_000, JDK_ONLY), event(999_999, APP)), 0, err));
        assertEquals(0, PinGate.apply(List.of(event(2_000_000, List.of())), 0, err));
        assertEquals(1, PinGate.apply(List.of(event(2_000_000, APP)), 1, err), "a failed run keeps its code");
    }
}
