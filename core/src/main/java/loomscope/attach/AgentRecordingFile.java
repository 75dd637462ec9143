package loomscope.attach;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

import loomscope.io.ForeignText;
import loomscope.probe.CauseReport;
import loomscope.probe.PinnedEvent;
import loomscope.recording.RunSource;
import loomscope.savedrun.RunInfo;
import loomscope.savedrun.SavedRun;
import loomscope.savedrun.SavedRunException;
import loomscope.workload.WorkloadConfig;

/**
 * What {@code -javaagent:loomscope-agent.jar=save=FILE} leaves at the application's exit: the agent's own stream
 * (the lines it sends {@code attach} over loopback, without the token), gzip-compressed. Read by the same
 * {@link AgentStreamReader} into the same {@link AttachedEpisodes}, and turned into the {@link SavedRun} that
 * {@code attach --wait --save} would have written of the same session. The file may claim anything: its text is
 * bounded ({@link GuardedText}), what it holds must fit half this JVM's heap, and its times must be a run's.
 * A file without the agent's end line (the application was killed: only {@code FILE.part-PID} is left) is refused as
 * cut short rather than shown as if whole.
 */
final class AgentRecordingFile {
    private static final byte[] GZIP_MAGIC = {0x1f, (byte) 0x8b};
    private static final byte[] HELLO = (AgentStreamReader.HELLO + " ").getBytes(StandardCharsets.US_ASCII);
    /** 10,000,000 episodes of ~45 bytes and as many thread lines: far past what the agent writes, far below a bomb's. */
    static final long MAX_TEXT_BYTES = 2L << 30;
    static final int MAX_LINE_BYTES = AgentStreamReader.MAX_LINE_BYTES;
    static final long MAX_NANOS = SessionBounds.MAX_NANOS;

    private AgentRecordingFile() { }

    /** Whether {@code file} is gzip whose text begins with the agent's hello; false if unreadable. */
    static boolean isOne(Path file) {
        if (!Files.isRegularFile(file)) {
            return false;   // never opened: a pipe would block, a device never end
        }
        try (InputStream raw = Files.newInputStream(file)) {
            if (!Arrays.equals(raw.readNBytes(GZIP_MAGIC.length), GZIP_MAGIC)) {
                return false;
            }
        } catch (IOException e) {
            return false;
        }
        try (InputStream text = new GZIPInputStream(Files.newInputStream(file))) {
            return Arrays.equals(text.readNBytes(HELLO.length), HELLO);
        } catch (IOException e) {
            return false;
        }
    }

    /** @throws SavedRunException one line naming the file and what is wrong with it */
    static SavedRun read(Path file) throws SavedRunException {
        return readClassified(file).run();
    }

    /** The saved run and the classes the JDK's witnesses gave its held mounts. */
    record Read(SavedRun run, CauseReport causes) { }

    /** As {@link #read}, with the causes' counts and sites. */
    static Read readClassified(Path file) throws SavedRunException {
        AttachedEpisodes episodes = new AttachedEpisodes(SessionBudget.bytes());
        episodes.reachedBy(RunSource.Reached.AGENT_FILE, null);
        try (InputStream raw = Files.newInputStream(file);
             OneMember gzip = new OneMember(new BufferedInputStream(raw, 1 << 16));
             GuardedText text = new GuardedText(gzip, MAX_TEXT_BYTES, MAX_LINE_BYTES)) {
            AgentStreamReader reader = new AgentStreamReader(episodes);
            AgentStreamReader.Ending ending = reader.read(text);
            switch (ending) {
                case AgentStreamReader.Ending.Complete c -> endsThere(file, text, reader.bytesTaken(), gzip);
                case AgentStreamReader.Ending.Refused r -> throw new SavedRunException(file,
                        "the agent did not record: " + shown(r.why()));
                case AgentStreamReader.Ending.Cut c -> throw new SavedRunException(file, cutShort(text.failure()));
                case AgentStreamReader.Ending.Garbled g -> throw new SavedRunException(file,
                        "it is damaged: " + shown(g.why()) + " in the line \"" + shown(g.line()) + "\"");
                case AgentStreamReader.Ending.Bounded b -> throw new SavedRunException(file,
                        text.failure() instanceof GuardedText.Limit limit ? limit.getMessage() : shown(b.why()));
            }
            checkRunFacts(file, episodes);
            // a file read to its end line: everything the agent recorded is in it, JFR's witnesses too
            AttachedEpisodes.Classified classified = episodes.classified(episodes.targetMainClass(), Integer.MAX_VALUE, true,
                    ending instanceof AgentStreamReader.Ending.Complete c && c.targetExited());
            List<PinnedEvent> events = episodes.pinnedEvents();
            RunInfo info = RunInfo.ofThisHost(List.of(), false);
            return new Read(new SavedRun(classified.recording(), new RunInfo(info.loomscopeVersion(),
                    Files.getLastModifiedTime(file).toInstant(), info.scenario(), List.of(), info.hostCores(), info.hostOs(),
                    info.hostArch(), false), events), classified.causes());
        } catch (NoSuchFileException e) {
            throw new SavedRunException(file, "no such file");
        } catch (AccessDeniedException e) {
            throw new SavedRunException(file, "it cannot be read (permission denied)");
        } catch (SavedRunException e) {
            throw e;
        } catch (IOException e) {
            throw new SavedRunException(file, "it cannot be read (" + shown(String.valueOf(e.getMessage())) + ")");
        } catch (RuntimeException e) {
            // a recording that the checks above let through but the recording's own rules refuse: still one line
            throw new SavedRunException(file, "it holds a run LoomScope cannot show: " + shown(String.valueOf(e.getMessage())));
        }
    }

    /**
     * Nothing after the end line, gzip's own trailer (length and CRC-32 of the whole text) there and matching, and
     * nothing after the gzip member (the agent writes one; {@code GZIPInputStream} skips bytes that are not another).
     */
    private static void endsThere(Path file, GuardedText text, long bytesOfLines, OneMember gzip) throws IOException {
        try {
            if (text.read(new byte[1 << 12]) >= 0 || text.total() != bytesOfLines) {
                throw new SavedRunException(file, "it is damaged: it goes on after the agent's end line");
            }
        } catch (EOFException e) {
            throw new SavedRunException(file, "it is cut short: its gzip trailer (the text's length and checksum) is "
                    + "missing, so the file was not copied whole");
        } catch (ZipException e) {
            throw new SavedRunException(file, "it is damaged: its gzip trailer does not match its text ("
                    + shown(String.valueOf(e.getMessage())) + ")");
        }
        long memberBytes = gzip.memberBytes(file);
        if (memberBytes != Files.size(file)) {
            throw new SavedRunException(file, String.format(Locale.ROOT, "it is damaged: %,d bytes follow the agent's "
                    + "compressed text (%,d bytes), which is all the agent writes", Files.size(file) - memberBytes,
                    memberBytes));
        }
    }

    /** The one gzip member the agent writes, with what it took of the file. */
    private static final class OneMember extends GZIPInputStream {
        OneMember(InputStream in) throws IOException {
            super(in, 1 << 16);
        }

        /**
         * The member's bytes in the file: its header (read again: the optional fields make its length vary), the
         * deflated text, 8 bytes of trailer. A second member resets the inflater, and the sum then falls short.
         */
        long memberBytes(Path file) throws IOException {
            try (InputStream raw = new BufferedInputStream(Files.newInputStream(file))) {
                return headerBytes(raw) + inf.getBytesRead() + 8;
            }
        }

        private static long headerBytes(InputStream in) throws IOException {
            byte[] fixed = in.readNBytes(10);
            int flags = fixed[3] & 0xff;
            long n = 10;
            if ((flags & 4) != 0) {   // FEXTRA
                byte[] len = in.readNBytes(2);
                int extra = (len[0] & 0xff) | (len[1] & 0xff) << 8;
                n += 2 + in.readNBytes(extra).length;
            }
            for (int field : new int[] {8, 16}) {   // FNAME, FCOMMENT: zero-terminated
                if ((flags & field) != 0) {
                    int b;
                    do {
                        b = in.read();
                        n++;
                    } while (b > 0);
                }
            }
            return (flags & 2) != 0 ? n + 2 : n;   // FHCRC
        }
    }

    private static String cutShort(IOException failure) {
        if (failure instanceof GuardedText.Limit limit) {
            return limit.getMessage();
        }
        if (failure instanceof ZipException z) {
            return "it is damaged: its compressed text is broken (" + shown(String.valueOf(z.getMessage())) + ")";
        }
        if (failure instanceof EOFException) {
            return "it is cut short: its compressed text ends before gzip's own end (the file was not copied whole, "
                    + "or the application was killed)";
        }
        return "it is cut short: it does not end with the agent's end line (the application was killed or crashed "
                + "before its exit, or the file was not copied whole)";
    }

    /** Times a run can have, names without control characters, no more threads than a run holds. */
    private static void checkRunFacts(Path file, AttachedEpisodes episodes) throws SavedRunException {
        if (episodes.virtualThreadCount() > WorkloadConfig.MAX_THREADS) {
            throw new SavedRunException(file, String.format(Locale.ROOT,
                    "it holds %,d virtual threads; a saved run holds at most %,d", episodes.virtualThreadCount(),
                    WorkloadConfig.MAX_THREADS));
        }
        if (episodes.lastTime() > MAX_NANOS) {
            throw new SavedRunException(file, "it lasts longer than 30 days (impossible times)");
        }
        List<AttachedEpisodes.Episode> all = episodes.episodes();
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).start() < 0) {
                throw new SavedRunException(file, "episode " + i + " has impossible times");
            }
        }
        for (AttachedEpisodes.JfrPin pin : episodes.jfrPins()) {
            if (Math.abs(pin.start()) > MAX_NANOS || pin.duration() < 0 || pin.duration() > MAX_NANOS) {
                throw new SavedRunException(file, "a JFR pinned event has impossible times");
            }
        }
        for (AttachedEpisodes.Carrier c : episodes.carriers()) {
            if (Math.abs(c.seenAt()) > MAX_NANOS) {
                throw new SavedRunException(file, "carrier " + c.lane() + " has an impossible name or time");
            }
        }
        if (episodes.hiddenIn() != null) {
            // names the agent itself gives (the JDK's version, its pool's carriers) never have them: a made-up file
            throw new SavedRunException(file, episodes.hiddenIn() + " has control characters");
        }
    }

    /** At most 80 characters, what a terminal obeys as '?': the message is one line on a terminal. */
    private static String shown(String text) {
        return ForeignText.clean(text, ForeignText.QUOTED_CHARS);
    }
}
