package loomscope.testreport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The end-of-build report reads surefire's XML and lists the slowest classes first. */
class SlowestTestClassesTest {

    @Test
    void readsASuitesClassTimeAndCount() {
        String xml = "<?xml version=\"1.0\"?>\n<testsuite xmlns:xsi=\"x\" name=\"loomscope.dist.AppImageTest\" "
                + "time=\"1,046.2\" tests=\"3\" errors=\"0\"><testcase name=\"a\" time=\"9\"/></testsuite>";
        assertEquals(new SlowestTestClasses.Timed("app", "dist.AppImageTest", 1046.2, 3), SlowestTestClasses.parse("app", xml));
        assertNull(SlowestTestClasses.parse("app", "<html/>"));
    }

    @Test
    void listsTheSlowestFirstAndAtMostTwenty() {
        List<SlowestTestClasses.Timed> all = new ArrayList<>();
        for (int i = 1; i <= 25; i++) {
            all.add(new SlowestTestClasses.Timed("core", "T" + i, i, 1));
        }
        List<String> lines = SlowestTestClasses.report(all);
        assertEquals(21, lines.size());
        assertEquals("The 20 slowest test classes (of 25; 325 s of tests in all, 25 tests):", lines.get(0));
        assertEquals("    25.0 s  core   T25 (1 test)", lines.get(1));
        assertEquals("     6.0 s  core   T6 (1 test)", lines.get(20));
        assertEquals(List.of(), SlowestTestClasses.report(List.of()));
    }
}
