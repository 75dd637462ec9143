package loomscope.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The tests of a class marked so run side by side in their test JVM: JUnit's {@code @Execution(CONCURRENT)}, which only
 * core's pom turns on ({@code surefire.concurrentClasses}). For classes whose tests mostly wait on other processes
 * (targets, child JVMs, JFR's flushes, deadlines) and share nothing; never for a test whose verdict depends on how the
 * machine schedules it (docs/reliability.md, "Where the suite's time goes").
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Execution(ExecutionMode.CONCURRENT)
public @interface TestsSideBySide { }
