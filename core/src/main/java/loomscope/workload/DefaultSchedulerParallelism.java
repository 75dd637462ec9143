package loomscope.workload;

import java.lang.management.ManagementFactory;
import java.lang.management.PlatformManagedObject;

/**
 * The JDK's own virtual-thread scheduler has a parallelism fixed at JVM start on JDK 21. JDK 24 added
 * {@code jdk.management.VirtualThreadSchedulerMXBean}, which can change it at run time; it is looked up by
 * name so this class still loads on JDK 21.
 */
final class DefaultSchedulerParallelism {

    private static final String MXBEAN = "jdk.management.VirtualThreadSchedulerMXBean";

    private DefaultSchedulerParallelism() { }

    /** Sets the default scheduler's parallelism and returns the previous value, or explains why it can't. */
    static int set(int parallelism) {
        PlatformManagedObject bean = mxBean();
        if (bean == null) {
            int fixed = fixedAtStartup();
            if (fixed != parallelism) {
                throw new UnsupportedModeException("on JDK " + Runtime.version().feature()
                        + " the default scheduler's parallelism is fixed at JVM start (it is " + fixed
                        + "): start the JVM with -Djdk.virtualThreadScheduler.parallelism=" + parallelism
                        + " or use --scheduler pool");
            }
            return fixed;
        }
        try {
            int previous = (int) beanType().getMethod("getParallelism").invoke(bean);
            beanType().getMethod("setParallelism", int.class).invoke(bean, parallelism);
            return previous;
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new UnsupportedModeException("cannot set the default scheduler's parallelism: " + e, e);
        }
    }

    static void restore(int parallelism) {
        PlatformManagedObject bean = mxBean();
        if (bean != null) {
            try {
                beanType().getMethod("setParallelism", int.class).invoke(bean, parallelism);
            } catch (ReflectiveOperationException | RuntimeException ignored) {
                // restoring is best effort: the next run sets its own value anyway
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static PlatformManagedObject mxBean() {
        try {
            Class<?> type = Class.forName(MXBEAN);
            return ManagementFactory.getPlatformMXBean((Class<? extends PlatformManagedObject>) type);
        } catch (ClassNotFoundException | IllegalArgumentException e) {
            return null;
        }
    }

    /** Methods are called through the exported interface: the implementation class is not exported. */
    private static Class<?> beanType() throws ClassNotFoundException {
        return Class.forName(MXBEAN);
    }

    private static int fixedAtStartup() {
        String configured = System.getProperty("jdk.virtualThreadScheduler.parallelism");
        try {
            return configured != null ? Integer.parseInt(configured) : Runtime.getRuntime().availableProcessors();
        } catch (NumberFormatException e) {
            return Runtime.getRuntime().availableProcessors();
        }
    }
}
