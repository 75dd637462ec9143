package loomscope.agent;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/** Where an {@link EpisodeStream}'s lines go: LoomScope, over a connection the target opens ({@link ConnectionEnd}) or a file ({@link SaveFile}). */
interface StreamEnd {
    OutputStream out();

    /** LoomScope's commands ({@code stop}), or null where nobody sends any. */
    InputStream commands() throws IOException;

    /** Whether anyone sends commands (a file: nobody; it is recorded to the JVM's exit). */
    default boolean takesCommands() { return true; }

    /** Called once the end line is written: everything recorded was written. */
    void completed(long episodes, long notKept, long dropped) throws IOException;

    /** Writing failed (LoomScope went, a disk filled): nothing more is written. */
    void failed(IOException e);

    /** The stream is over, whole or not: lets go of what it holds. */
    void close();
}
