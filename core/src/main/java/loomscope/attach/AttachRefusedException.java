package loomscope.attach;

/** An attach that cannot be made, and why, in one line; the target was left as it was. */
public final class AttachRefusedException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public AttachRefusedException(String why) {
        super(why);
    }

    /** What {@code e} says, as the one line a refusal quotes: its message's first line, else its kind. */
    static String reason(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.strip().lines().findFirst().orElse(m);
    }
}
