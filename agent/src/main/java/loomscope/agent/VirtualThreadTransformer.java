package loomscope.agent;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Puts three calls into {@code java.lang.VirtualThread}: {@link Hooks#mounted} at {@code mount()}'s entry and
 * {@link Hooks#unmounted} before each of {@code unmount()}'s returns (both on the carrier, which is
 * {@code Thread.currentThread()} at those two points), and {@link Hooks#pinnedPark} with the carrier at
 * {@code parkOnCarrierThread}'s entry (on the virtual thread: {@code Thread.currentCarrierThread()}, package-private,
 * callable from inside {@code java.lang}). Nothing else changes: no field, no method, no frame to recompute.
 */
final class VirtualThreadTransformer implements ClassFileTransformer {
    private static final String HOOKS = Hooks.class.getName().replace('.', '/');
    private static final String THREAD = "java/lang/Thread";
    private static final String THREAD_ARG = "(Ljava/lang/Thread;)V";

    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> classBeingRedefined,
                            ProtectionDomain protectionDomain, byte[] classfileBuffer) {
        if (!HookSites.CLASS.equals(className)) {
            return null;
        }
        try {
            if (HookSites.missing(classfileBuffer) != null) {
                return null;   // checked before attaching too: never hook a method that is not the one we know
            }
            return hooked(classfileBuffer);
        } catch (RuntimeException e) {
            return null;   // an exception here would only be swallowed by the JVM: leave the class as it is
        }
    }

    static byte[] hooked(byte[] original) {
        ClassReader reader = new ClassReader(original);
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
                if ((access & Opcodes.ACC_STATIC) != 0) {
                    return mv;
                }
                String site = name + descriptor;
                if (site.equals(HookSites.MOUNT + HookSites.NO_ARGS)) {
                    return new AtEntry(mv, false, "mounted");
                }
                if (site.equals(HookSites.PINNED_PARK + HookSites.PINNED_PARK_ARGS)) {
                    return new AtEntry(mv, true, "pinnedPark");
                }
                if (site.equals(HookSites.UNMOUNT + HookSites.NO_ARGS)) {
                    return new BeforeReturn(mv);
                }
                return mv;
            }
        }, 0);
        return writer.toByteArray();
    }

    /** A hook call first thing in the method: with {@code this}, or with the current carrier. */
    private static final class AtEntry extends MethodVisitor {
        private final boolean withCarrier;
        private final String hook;

        AtEntry(MethodVisitor mv, boolean withCarrier, String hook) {
            super(Opcodes.ASM9, mv);
            this.withCarrier = withCarrier;
            this.hook = hook;
        }

        @Override
        public void visitCode() {
            super.visitCode();
            if (withCarrier) {
                super.visitMethodInsn(Opcodes.INVOKESTATIC, THREAD, "currentCarrierThread", "()Ljava/lang/Thread;", false);
            } else {
                super.visitVarInsn(Opcodes.ALOAD, 0);
            }
            super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, hook, THREAD_ARG, false);
        }
    }

    /** {@code Hooks.unmounted(this)} before every {@code return} (a throw leaves no episode to close: none seen). */
    private static final class BeforeReturn extends MethodVisitor {
        BeforeReturn(MethodVisitor mv) {
            super(Opcodes.ASM9, mv);
        }

        @Override
        public void visitInsn(int opcode) {
            if (opcode == Opcodes.RETURN) {
                super.visitVarInsn(Opcodes.ALOAD, 0);
                super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "unmounted", THREAD_ARG, false);
            }
            super.visitInsn(opcode);
        }
    }
}
