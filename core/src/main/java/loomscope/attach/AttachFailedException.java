package loomscope.attach;

/**
 * An attach that went in and did not finish: a step passed its deadline or the target stopped answering. One line
 * that says what was sent and what is known of what the target did with it; LoomScope holds no hooks in it.
 */
public final class AttachFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public AttachFailedException(String why) {
        super(why);
    }
}
