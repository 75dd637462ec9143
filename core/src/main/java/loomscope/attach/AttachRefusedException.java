package loomscope.attach;

/** An attach that cannot be made, and why, in one line; the target was left as it was. */
public final class AttachRefusedException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public AttachRefusedException(String why) {
        super(why);
    }
}
