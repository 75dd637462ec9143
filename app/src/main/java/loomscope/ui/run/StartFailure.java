package loomscope.ui.run;

/** Why the starter could not start a run: what it threw. */
public record StartFailure(Throwable cause) {
    /** The cause in one line for the error line: its message, else its type. */
    public String reason() {
        return cause.getMessage() == null ? cause.toString() : cause.getMessage();
    }
}
