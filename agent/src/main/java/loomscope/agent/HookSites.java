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
 * any of them, or another release, is refused with one line rather than hooked on a guess.
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
        if (feature < OLDEST_KNOWN || feature > NEWEST_KNOWN) {
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
        return missing(bytes);
    }

    /** Null when {@code virtualThreadClass} has the three private methods with the expected signatures. */
    static String missing(byte[] virtualThreadClass) {
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
                return "java.lang.VirtualThread has no " + wanted + " here: not a JDK the agent knows";
            }
        }
        return null;
    }
}
