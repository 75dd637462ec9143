package loomscope.agent;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashSet;
import java.util.Set;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The three methods of {@code java.lang.VirtualThread} the hooks go into, checked in the class's own bytes before
 * anything is changed. On JDK 21 to 25 (read there, also in the prototype) {@code runContinuation()} is the
 * only caller of {@code mount()} and {@code unmount()} ({@code mount(); try { cont.run(); } finally { unmount(); }}),
 * both run on the carrier, and {@code parkOnCarrierThread} is the park of a pinned thread. A JDK whose class lacks
 * any of them is refused with one line naming what differs, rather than hooked on a guess. A release newer than those
 * measured is hooked only when its class has all three with the same signatures (the JDK's mainline still did when
 * this was written: only the JVMTI notify natives around them were renamed), and the attach says once that it is
 * untested ({@link #untested}); what the hooks do inside those methods was measured on 21 to 25 only.
 */
final class HookSites {
    static final String CLASS = "java/lang/VirtualThread";
    static final String MOUNT = "mount";
    static final String UNMOUNT = "unmount";
    static final String PINNED_PARK = "parkOnCarrierThread";
    static final String NO_ARGS = "()V";
    static final String PINNED_PARK_ARGS = "(ZJ)V";

    /** The releases whose VirtualThread was read and measured with these hooks. */
    static final int OLDEST_KNOWN = 21;
    static final int NEWEST_KNOWN = 25;

    private HookSites() { }

    /** Null when this JVM can be hooked, else why not (one line). */
    static String refusal(int feature) {
        if (feature < OLDEST_KNOWN) {
            return "Java " + feature + " is not a release the agent knows (" + OLDEST_KNOWN + " to " + NEWEST_KNOWN + ")";
        }
        byte[] bytes;
        try (InputStream in = Object.class.getResourceAsStream("/" + CLASS + ".class")) {
            if (in == null) {
                return "this JVM has no " + CLASS.replace('/', '.');
            }
            bytes = in.readAllBytes();
        } catch (IOException e) {
            return "could not read " + CLASS.replace('/', '.') + ": " + e.getMessage();
        }
        return refusal(feature, bytes);
    }

    /** As {@link #refusal(int)}, for the bytes of that release's {@code VirtualThread}. */
    static String refusal(int feature, byte[] virtualThreadClass) {
        if (feature < OLDEST_KNOWN) {
            return refusal(feature);
        }
        String absent = firstAbsent(virtualThreadClass);
        if (absent == null) {
            return null;
        }
        if (feature > NEWEST_KNOWN) {
            return "Java " + feature + " is newer than the releases the agent knows (" + OLDEST_KNOWN + " to "
                    + NEWEST_KNOWN + ") and differs from them: java.lang.VirtualThread has no " + absent;
        }
        return notKnown(absent);
    }

    /**
     * The one line an attach to a release newer than those measured says, when its {@code VirtualThread} has the three
     * sites ({@link #refusal} is null); null for a measured release.
     */
    static String untested(int feature) {
        if (feature <= NEWEST_KNOWN) {
            return null;
        }
        return "Java " + feature + " is newer than the releases the agent was tested on (" + OLDEST_KNOWN + " to "
                + NEWEST_KNOWN + "); its VirtualThread has the three hook sites with their signatures there, so it is"
                + " hooked, untested";
    }

    /** Null when {@code virtualThreadClass} has the three private methods with the expected signatures, else which not. */
    static String missing(byte[] virtualThreadClass) {
        String absent = firstAbsent(virtualThreadClass);
        return absent == null ? null : notKnown(absent);
    }

    private static String notKnown(String absentSite) {
        return "java.lang.VirtualThread has no " + absentSite + " here: not a JDK the agent knows";
    }

    /** The first of the three sites (name and descriptor) the class lacks as an instance method, or null. */
    private static String firstAbsent(byte[] virtualThreadClass) {
        Set<String> found = new HashSet<>();
        new ClassReader(virtualThreadClass).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                boolean instance = (access & Opcodes.ACC_STATIC) == 0;
                if (instance) {
                    found.add(name + descriptor);
                }
                return null;
            }
        }, ClassReader.SKIP_CODE);
        for (String wanted : new String[] {MOUNT + NO_ARGS, UNMOUNT + NO_ARGS, PINNED_PARK + PINNED_PARK_ARGS}) {
            if (!found.contains(wanted)) {
                return wanted;
            }
        }
        return null;
    }
}
