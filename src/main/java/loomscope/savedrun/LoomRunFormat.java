package loomscope.savedrun;

import java.nio.charset.StandardCharsets;

/**
 * The {@code .loomrun} layout, version 1 (docs/saved-runs.md says why it is built this way):
 * <pre>
 * magic      8 bytes "LOOMRUN" 0x1A
 * version    varint
 * header     string: UTF-8 JSON, what ran ({@link HeaderJson})
 * phases     per thread: a varint mask of the phases it reached, then each reached time as a zigzag delta
 *            (the first from the previous thread's first, the others from the thread's previous phase)
 * carriers   varint count; per carrier: index, name, addedAt (zigzag), added-by-pool byte, mount count, then per
 *            mount: vt, start - previous end (zigzag), (end - start) * 2 + pinned, start - submit
 * events     varint count; per JFR pinned event: start, duration, carrier name and index, reason, blocking
 *            operation, arrival, frame count, frames (module, class, method, file, line)
 * end        4 bytes "END" 0x1A
 * checksum   4 bytes: CRC-32 of every byte before it, big-endian
 * </pre>
 * Times are nanoseconds since the recording's origin. Deltas are small, so a mount takes 8-16 bytes.
 */
final class LoomRunFormat {
    private LoomRunFormat() { }

    static final byte[] MAGIC = "LOOMRUN\u001A".getBytes(StandardCharsets.ISO_8859_1);
    static final byte[] END = "END\u001A".getBytes(StandardCharsets.ISO_8859_1);
    static final int VERSION = 1;

    /** Bounds a file's claims are held to before anything is allocated for them. */
    static final int MAX_HEADER_BYTES = 64 * 1024;
    static final int MAX_CARRIERS = 4_096;
    static final int MAX_NAME_BYTES = 1_024;
    static final int MAX_EVENTS = 10_000_000;
    static final int MAX_FRAMES = 4_096;
    static final int MAX_FRAME_TEXT_BYTES = 4_096;
}
