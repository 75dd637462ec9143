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
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

import loomscope.probe.PinnedEvent;
import loomscope.recording.RunRecording;
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
    /** The agent's lines are short; a name is the longest part. */
    static final int MAX_LINE_BYTES = 1 << 16;
    /** As a saved run's reader allows: no run lasts longer. */
    static final long MAX_NANOS = TimeUnit.DAYS.toNanos(30);

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
        AttachedEpisodes episodes = new AttachedEpisodes(Runtime.getRuntime().maxMemory() / 2);
        try (InputStream raw = Files.newInputStream(file);
             GuardedText text = new GuardedText(new GZIPInputStream(new BufferedInputStream(raw, 1 << 16), 1 << 16),
                     MAX_TEXT_BYTES, MAX_LINE_BYTES)) {
            AgentStreamReader reader = new AgentStreamReader(episodes);
            AgentStreamReader.Ending ending = reader.read(text);
            switch (ending) {
                case AgentStreamReader.Ending.Complete c -> endsThere(file, text, reader.bytesTaken());
                case AgentStreamReader.Ending.Refused r -> throw new SavedRunException(file,
                        "the agent did not record: " + shown(r.why()));
                case AgentStreamReader.Ending.Cut c -> throw new SavedRunException(file, cutShort(text.failure()));
                case AgentStreamReader.Ending.Garbled g -> throw new SavedRunException(file, episodes.tooBig() != null
                        ? episodes.tooBig()
                        : "it is damaged: " + shown(g.why()) + " in the line \"" + shown(g.line()) + "\"");
            }
            checkRunFacts(file, episodes);
            RunRecording recording = episodes.toRecording(episodes.targetMainClass());
            List<PinnedEvent> events = episodes.pinnedEvents();
            RunInfo info = RunInfo.ofThisHost(List.of(), false);
            return new SavedRun(recording, new RunInfo(info.loomscopeVersion(), Files.getLastModifiedTime(file).toInstant(),
                    info.scenario(), List.of(), info.hostCores(), info.hostOs(), info.hostArch(), false), events);
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

    /** Nothing after the end line, and gzip's own trailer (length and CRC-32 of the whole text) matches. */
    private static void endsThere(Path file, GuardedText text, long bytesOfLines) throws IOException {
        try {
            if (text.read(new byte[1 << 12]) >= 0 || text.total() != bytesOfLines) {
                throw new SavedRunException(file, "it is damaged: it goes on after the agent's end line");
            }
        } catch (EOFException | ZipException e) {
            throw new SavedRunException(file, "it is damaged: " + shown(String.valueOf(e.getMessage())));
        }
    }

    private static String cutShort(IOException failure) {
        if (failure instanceof GuardedText.Limit limit) {
            return limit.getMessage();
        }
        if (failure instanceof ZipException z) {
            return "it is damaged: its compressed text is broken (" + shown(String.valueOf(z.getMessage())) + ")";
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
            if (Math.abs(c.seenAt()) > MAX_NANOS || hasControls(c.name())) {
                throw new SavedRunException(file, "carrier " + c.lane() + " has an impossible name or time");
            }
        }
        if (hasControls(episodes.javaVersion())) {
            throw new SavedRunException(file, "its Java version has control characters");
        }
    }

    private static boolean hasControls(String text) {
        return text.chars().anyMatch(Character::isISOControl);
    }

    /** At most 80 characters, control characters as '?': the message is one line on a terminal. */
    private static String shown(String text) {
        String cut = text.length() > 80 ? text.substring(0, 80) + "…" : text;
        StringBuilder b = new StringBuilder(cut.length());
        cut.codePoints().forEach(cp -> b.appendCodePoint(Character.isISOControl(cp) ? '?' : cp));
        return b.toString();
    }
}
