package loomscope.ui.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The words the attach window says of its sessions, built on a job thread. */
class SessionPicturesTest {

    @Test
    void droppedEpisodesAreSaidOverTheLanesNotLeftToLookIdle() {
        assertEquals("", SessionPictures.gapsNote(0));
        assertEquals("Gaps in the lanes are not all idle: 32,193,148 episodes were dropped in the target (a carrier's "
                + "buffer was full) and are not drawn.", SessionPictures.gapsNote(32_193_148));
    }
}
