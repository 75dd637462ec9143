package loomscope.ui.run;

import loomscope.childjvm.LiveRun;

/** What the starter thread hands to the FX side: the run it started, or why it could not start one. */
public sealed interface StartResult permits StartResult.Started, StartResult.FailedToStart {

    record Started(LiveRun run) implements StartResult { }

    record FailedToStart(Throwable cause) implements StartResult {
        /** The cause in one line for the error line: its message, else its type. */
        public String reason() {
            return cause.getMessage() == null ? cause.toString() : cause.getMessage();
        }
    }
}
