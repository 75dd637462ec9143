package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** The flags a JVM was started with, in HotSpot's order: the last word on a flag wins, wherever it was said. */
class TargetFlagsTest {
    private static final String FLAG = "EnableDynamicAgentLoading";

    @Test
    void theLastOccurrenceWinsInTheLaunchersOrder() {
        List<String> argv = List.of("java", "-XX:-" + FLAG, "-cp", "x", "Main");
        assertEquals(Optional.of(false), TargetFlags.of(argv, Map.of()).bool(FLAG));
        // JAVA_TOOL_OPTIONS comes first, the command line after it
        assertEquals(Optional.of(false), TargetFlags.of(argv, Map.of("JAVA_TOOL_OPTIONS", "-XX:+" + FLAG)).bool(FLAG));
        // JDK_JAVA_OPTIONS goes before the command line's own options
        assertEquals(Optional.of(false), TargetFlags.of(argv, Map.of("JDK_JAVA_OPTIONS", "-XX:+" + FLAG)).bool(FLAG));
        // _JAVA_OPTIONS comes last
        assertEquals(Optional.of(true), TargetFlags.of(argv, Map.of("_JAVA_OPTIONS", "-XX:+" + FLAG)).bool(FLAG));
        assertEquals(Optional.empty(), TargetFlags.of(List.of("java", "Main"), Map.of()).bool(FLAG));
    }

    @Test
    void saysWhichVariableGaveTheFlag() {
        List<String> argv = List.of("java", "-cp", "x", "Main");
        for (String variable : List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS")) {
            TargetFlags flags = TargetFlags.of(argv, Map.of(variable, "-Xmx64m  -XX:-" + FLAG));
            assertEquals(Optional.of(false), flags.bool(FLAG), variable);
            assertEquals(Optional.of(variable), flags.from("-XX:-" + FLAG), variable);
        }
        TargetFlags onTheCommandLine = TargetFlags.of(List.of("java", "-XX:-" + FLAG, "Main"), Map.of());
        assertEquals(Optional.empty(), onTheCommandLine.from("-XX:-" + FLAG));
    }

    @Test
    void theApplicationsArgumentsAreNotFlags() {
        TargetFlags flags = TargetFlags.of(List.of("java", "-cp", "-XX:-" + FLAG, "Main", "-XX:-" + FLAG), Map.of());
        assertEquals(Optional.empty(), flags.bool(FLAG));
        assertEquals("Main", flags.mainClass());
        assertEquals("app.jar", TargetFlags.of(List.of("java", "-Xmx1g", "-jar", "app.jar", "-XX:-" + FLAG), Map.of())
                .mainClass());
        assertEquals("com.example.Main", TargetFlags.of(List.of("java", "-p", "mods", "-m", "com.example/com.example.Main"),
                Map.of()).mainClass());
        assertEquals("Sleeper.java", TargetFlags.of(List.of("java", "--source", "21", "Sleeper.java"), Map.of()).mainClass());
    }

    @Test
    void variablesSplitAtWhiteSpaceOutsideQuotes() {
        assertEquals(List.of("-Da=b c", "-XX:-" + FLAG), TargetFlags.split(" \"-Da=b c\"\t-XX:-" + FLAG + " "));
        assertEquals(List.of(), TargetFlags.split("   "));
    }
}
