package loomscope.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.Set;
import java.util.TreeSet;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;

/**
 * Shows an architecture rule failing: it is run on a few known-bad classes (kept in test sources, imported here
 * alone, never by the suite's own rules) and must reject them, naming the bad class. A rule never seen failing
 * may test nothing.
 */
public final class RuleFixtures {
    private RuleFixtures() { }

    /** Asserts {@code rule} rejects {@code classes}, and that its report names {@code culprit}. */
    public static void rejects(ArchRule rule, Class<?> culprit, Class<?>... classes) {
        rejects(rule, culprit.getName(), new ClassFileImporter().importClasses(classes));
    }

    /** Asserts {@code rule} rejects {@code classes}, and that its report names {@code culprit}. */
    public static void rejects(ArchRule rule, String culprit, JavaClasses classes) {
        EvaluationResult result = rule.evaluate(classes);
        String report = result.getFailureReport().toString();
        assertTrue(result.hasViolation(), "the rule let the bad class through: " + rule.getDescription());
        assertTrue(report.contains(culprit), "the rule failed, but not on " + culprit + ": " + report);
    }

    /** Asserts that the {@code @ArchTest} rules of {@code rules} are exactly those {@code covered} names. */
    public static void everyRuleIsCovered(Class<?> rules, Set<String> covered) {
        Set<String> declared = new TreeSet<>();
        for (Field f : rules.getDeclaredFields()) {
            if (f.isAnnotationPresent(ArchTest.class)) {
                declared.add(f.getName());
            }
        }
        assertEquals(new TreeSet<>(covered), declared, "each rule of " + rules.getSimpleName() + " needs a bad class");
    }

    /** Asserts {@code rule} accepts {@code classes}: the rule's bad fixture differs from a good one in the one way it names. */
    public static void accepts(ArchRule rule, Class<?>... classes) {
        EvaluationResult result = rule.evaluate(new ClassFileImporter().importClasses(classes));
        assertTrue(!result.hasViolation(), "the rule rejected a good class: " + result.getFailureReport());
    }
}
