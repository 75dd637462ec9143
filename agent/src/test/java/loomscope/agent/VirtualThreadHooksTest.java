package loomscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** The hook sites as this JDK's own VirtualThread has them, and exactly the calls the transformer puts there. */
class VirtualThreadHooksTest {

    private static byte[] classBytes(String internalName) throws IOException {
        try (InputStream in = Object.class.getResourceAsStream("/" + internalName + ".class")) {
            return in.readAllBytes();
        }
    }

    @Test
    void thisJdkHasTheThreeSites() throws IOException {
        assertNull(HookSites.missing(classBytes(HookSites.CLASS)));
        assertNull(HookSites.refusal(Runtime.version().feature()));
    }

    @Test
    void anotherClassOrReleaseIsRefusedInOneLine() throws IOException {
        String missing = HookSites.missing(classBytes("java/lang/Thread"));
        assertNotNull(missing);
        assertTrue(missing.contains("mount()V"), missing);
        String refusal = HookSites.refusal(17);
        assertTrue(refusal.startsWith("Java 17 is not a release the agent knows"), refusal);
        assertEquals(1, refusal.lines().count());
    }

    @Test
    void aNewerReleaseWithTheThreeSitesIsHookedAndSaysOnceItIsUntested() throws IOException {
        int newer = HookSites.NEWEST_KNOWN + 1;
        assertNull(HookSites.refusal(newer, classBytes(HookSites.CLASS)), "the same three sites: hooked");
        assertNull(HookSites.refusal(newer, virtualThreadWith("parkOnCarrierThread", "(ZJ)V")));
        String untested = HookSites.untested(newer);
        assertTrue(untested.startsWith("Java " + newer + " is newer than the releases the agent was tested on (21 to 25)"),
                untested);
        assertEquals(1, untested.lines().count());
        assertNull(HookSites.untested(HookSites.NEWEST_KNOWN), "a measured release says nothing");
    }

    @Test
    void aNewerReleaseThatDiffersIsRefusedInOneLineNamingWhat() {
        int newer = HookSites.NEWEST_KNOWN + 1;
        String refusal = HookSites.refusal(newer, virtualThreadWith("parkOnCarrierThread", "(ZJ)Z"));
        assertEquals("Java " + newer + " is newer than the releases the agent knows (21 to 25) and differs from them:"
                + " java.lang.VirtualThread has no parkOnCarrierThread(ZJ)V", refusal);
        assertTrue(HookSites.refusal(newer, virtualThreadWith("yieldOnCarrier", "(ZJ)V")).endsWith("has no parkOnCarrierThread(ZJ)V"));
        assertTrue(HookSites.refusal(HookSites.NEWEST_KNOWN, virtualThreadWith("parkOnCarrierThread", "(ZJ)Z"))
                .endsWith("not a JDK the agent knows"), "a known release that differs is refused as before");
    }

    /** A class named java.lang.VirtualThread with mount()V and unmount()V and one more method, as a newer JDK might have it. */
    private static byte[] virtualThreadWith(String third, String descriptor) {
        ClassWriter w = new ClassWriter(0);
        w.visit(Opcodes.V21, Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, HookSites.CLASS, null, "java/lang/Thread", null);
        for (String[] m : new String[][] {{"mount", "()V"}, {"unmount", "()V"}, {third, descriptor}}) {
            w.visitMethod(Opcodes.ACC_PRIVATE, m[0], m[1], null, null).visitEnd();
        }
        w.visitEnd();
        return w.toByteArray();
    }

    @Test
    void oneCallAtEachSiteAndNoneElsewhere() throws IOException {
        byte[] original = classBytes(HookSites.CLASS);
        Map<String, Integer> hooks = hookCalls(VirtualThreadTransformer.hooked(original));
        Map<String, Integer> returns = returnsOf(original, HookSites.UNMOUNT + HookSites.NO_ARGS);
        assertEquals(Map.of(
                "mount()V:mounted", 1,
                "unmount()V:unmounted", returns.get(HookSites.UNMOUNT + HookSites.NO_ARGS),
                "parkOnCarrierThread(ZJ)V:pinnedPark", 1), hooks);
        assertTrue(hookCalls(original).isEmpty());
        assertNull(new VirtualThreadTransformer().transform(null, null, "java/lang/Thread", null, null, classBytes("java/lang/Thread")));
    }

    /** "method:hook" for every call to Hooks in the class, counted. */
    private static Map<String, Integer> hookCalls(byte[] bytes) {
        Map<String, Integer> calls = new HashMap<>();
        String hooks = Hooks.class.getName().replace('.', '/');
        new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String method, String desc, boolean itf) {
                        if (owner.equals(hooks)) {
                            calls.merge(name + descriptor + ":" + method, 1, Integer::sum);
                        }
                    }
                };
            }
        }, 0);
        return calls;
    }

    private static Map<String, Integer> returnsOf(byte[] bytes, String site) {
        Map<String, Integer> returns = new HashMap<>();
        new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitInsn(int opcode) {
                        if (opcode == Opcodes.RETURN && (name + descriptor).equals(site)) {
                            returns.merge(site, 1, Integer::sum);
                        }
                    }
                };
            }
        }, 0);
        return returns;
    }

    @Test
    void optionsNeedAPortAndAToken() {
        AgentArgs args = AgentArgs.parse("port=4242,token=0123456789abcdef0123456789abcdef");
        assertEquals(4242, args.port());
        assertThrows(IllegalArgumentException.class, () -> AgentArgs.parse("port=4242"));
        assertThrows(IllegalArgumentException.class, () -> AgentArgs.parse("port=0,token=0123456789abcdef"));
        assertThrows(IllegalArgumentException.class, () -> AgentArgs.parse("hooks=none"));
        assertThrows(IllegalArgumentException.class, () -> AgentArgs.parse("port=1,token=not-hex"));
    }

    @Test
    void saveTakesAFileAndGoesWithNeitherPortNorToken() {
        assertEquals("/tmp/app.loomrun", AgentArgs.parse("save=/tmp/app.loomrun").save());
        assertThrows(IllegalArgumentException.class, () -> AgentArgs.parse("save="));
        assertThrows(IllegalArgumentException.class, () -> AgentArgs.parse("save=/tmp/a.loomrun,port=4242"));
        assertThrows(IllegalArgumentException.class,
                () -> AgentArgs.parse("port=4242,token=0123456789abcdef,save=/tmp/a.loomrun"));
    }
}
