package loomscope.ui.talktrack;

/** A chapters file that cannot be used; the message names the file and the place. */
public final class TalkTrackException extends Exception {
    public TalkTrackException(String message, Throwable cause) {
        super(message, cause);
    }

    public TalkTrackException(String message) {
        super(message);
    }
}
