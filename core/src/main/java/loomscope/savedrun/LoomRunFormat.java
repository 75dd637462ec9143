package loomscope.savedrun;

import java.nio.charset.StandardCharsets;

import loomscope.recording.MountClass;

/**
 * The {@code .loomrun} layout, version 4 (docs/saved-runs.md says why it is built this way):
 * <pre>
 * magic      8 bytes "LOOMRUN" 0x1A
 * version    varint
 * header     string: UTF-8 JSON, what ran ({@link HeaderJson})
 * phases     per thread: a varint mask of the phases it reached, then each reached time as a zigzag delta
 *            (the first from the previous thread's first, the others from the thread's previous phase)
 * carriers   varint count; per carrier: index, name, addedAt (zigzag), added-by-pool byte, mount count, then per
 *            mount: vt, start - previous end (zigzag), (end - start) * 8 + verdict (0 not pinned, 1 pinned, 2 unsure,
 *            3 captured, 4 stalled; format 2: (end - start) * 4 + verdict up to 2; format 1: (end - start) * 2 + pinned),
 *            start - submit
 * strings    varint count; each string once (length + 1, UTF-8): the events' carrier names, reasons, blocking
 *            operations and the frames' module, class, method and file names
 * stacks     varint count; each distinct stack once: frame count, then per frame module, class, method and file
 *            (string references: 0 is null, k is string k - 1) and line (zigzag)
 * events     varint count; per JFR pinned event: start - previous event's start (zigzag), duration, carrier name
 *            (string reference) and index (zigzag), reason and blocking operation (string references),
 *            arrival - end (zigzag), stack index
 * whys       (format 4) what the JDK's witnesses said of the held mounts: varint count of texts, each once (reasons,
 *            sites, frames as the JDK writes them); varint count of stacks, each a frame count and text references;
 *            varint count of explained mounts, each: carrier index, mount index, cause (0 pinned, 1 captured,
 *            2 stalled, 3 unsure), reason, site (text references), stack index, witness start - mount start
 *            (zigzag), carrier time held
 * end        4 bytes "END" 0x1A
 * checksum   4 bytes: CRC-32 of every byte before it, big-endian
 * </pre>
 * Times are nanoseconds since the recording's origin. Deltas are small, so a mount takes 8-16 bytes.
 * Format 1 (still read) had no string and stack tables: each event held its carrier name, reason, operation
 * and whole stack, with times absolute.
 * <p>
 * The verdict and cause codes are {@link MountClass}es: {@link #verdictCode} and {@link #causeCode} map them to the
 * codes above and {@link #mountClassOf} and {@link #causeOf} back, here alone.
 */
final class LoomRunFormat {
    private LoomRunFormat() { }

    static final byte[] MAGIC = "LOOMRUN\u001A".getBytes(StandardCharsets.ISO_8859_1);
    static final byte[] END = "END\u001A".getBytes(StandardCharsets.ISO_8859_1);
    static final int VERSION = 4;
    /** Bits of a mount's length field that hold its verdict (format 3). */
    static final int VERDICT_BITS = 3;
    static final int OLDEST_VERSION = 1;

    /** Bounds a file's claims are held to before anything is allocated for them. */
    static final int MAX_HEADER_BYTES = 64 * 1024;
    static final int MAX_CARRIERS = 4_096;
    static final int MAX_NAME_BYTES = 1_024;
    static final int MAX_EVENTS = 10_000_000;
    static final int MAX_FRAMES = 4_096;
    static final int MAX_FRAME_TEXT_BYTES = 4_096;
    static final int MAX_STRINGS = 4_000_000;
    /** 50 a thread at the largest N (RunLimits.MAX_THREADS): a seed run has 2 a thread. */
    static final long MAX_MOUNTS = 100_000_000;
    /** No run, and no time in one, lasts longer than 30 days: a longer one is a damaged or made-up number. */
    static final long MAX_RUN_NANOS = 30L * 24 * 3600 * 1_000_000_000L;

    /** A mount's verdict code is its index here (formats 1 and 2 saved the first two and three of them). */
    private static final MountClass[] VERDICTS = {MountClass.NOT_HELD, MountClass.PINNED, MountClass.UNSURE,
            MountClass.CAPTURED, MountClass.STALLED};
    /** A held mount's cause code is its index here. */
    private static final MountClass[] CAUSES = {MountClass.PINNED, MountClass.CAPTURED, MountClass.STALLED,
            MountClass.UNSURE};
    /** How many cause codes there are: 0 to this less one. */
    static final int CAUSE_CODES = CAUSES.length;

    /**
     * The verdict code a mount of class {@code mountClass} is saved with. A held mount not yet classed (a run saved
     * before its end's classing) is saved unsure: no witness said why.
     */
    static int verdictCode(MountClass mountClass) {
        return mountClass == MountClass.HELD ? verdictCode(MountClass.UNSURE) : indexIn(VERDICTS, mountClass);
    }

    /** The class a mount saved with verdict {@code code} has, or null where no format has that code. */
    static MountClass mountClassOf(int code) {
        return code >= 0 && code < VERDICTS.length ? VERDICTS[code] : null;
    }

    /** The code a held mount's cause is saved with; {@code cause} is {@linkplain MountClass#classed() classed}. */
    static int causeCode(MountClass cause) {
        return indexIn(CAUSES, cause);
    }

    /** The cause saved as {@code code}, from 0 to {@link #CAUSE_CODES} less one. */
    static MountClass causeOf(int code) {
        return CAUSES[code];
    }

    private static int indexIn(MountClass[] codes, MountClass mountClass) {
        for (int code = 0; code < codes.length; code++) {
            if (codes[code] == mountClass) {
                return code;
            }
        }
        throw new IllegalArgumentException("no code for " + mountClass);
    }
}
