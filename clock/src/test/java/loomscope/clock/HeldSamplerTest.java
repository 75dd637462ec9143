package loomscope.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;

/**
 * The sampler takes the stack of a thread whose carrier stays off its CPU, once per mount, and none of a thread that
 * runs. Plain threads stand in for a mount and its carrier (the sampler asks only their CPU time and stack).
 */
class HeldSamplerTest {

    private record Held(int carrier, long from, long at, Thread.State state, boolean kernelBlocked, StackTraceElement[] stack) { }

    /** Two "carriers": 0 parked (held), 1 spinning (busy), both "mounted" since {@code since}. */
    private static HeldSampler.Mounts mounts(Thread parked, Thread spinning, long since) {
        return new HeldSampler.Mounts() {
            @Override public int carriers() { return 2; }
            @Override public Thread mounted(int c) { return c == 0 ? parked : spinning; }
            @Override public long mountedSince(int c) { return since; }
            @Override public Thread carrier(int c) { return mounted(c); }
            @Override public long now() { return System.nanoTime(); }
        };
    }

    /**
     * A parked thread is off its CPU: its stack is taken, once for the mount. The busy "carrier" is told by its CPU time
     * keeping up with the wall clock (a stand-in: a real spinning thread beside other work may be preempted for
     * longer than half a look's interval, which looks held too, and which the carriers' clocks then tell apart).
     */
    @Test
    void aHeldMountsStackIsTakenOnceAndABusyOnesNever() throws Exception {
        Thread parked = Thread.ofPlatform().start(LockSupport::park);
        Thread busy = Thread.ofPlatform().start(LockSupport::park);
        // parked before the first look: a thread still starting is off its CPU too, waiting for one on a loaded machine,
        // and its stack was then taken RUNNABLE (CI here, a fresh clone)
        awaitParked(parked);
        long since = System.nanoTime();
        List<Held> held = new ArrayList<>();
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        HeldSampler sampler = new HeldSampler(mounts(parked, busy, since),
                (c, from, at, state, kernelBlocked, stack) -> held.add(new Held(c, from, at, state, kernelBlocked, stack)),
                t -> t == busy ? System.nanoTime() - since : threads.getThreadCpuTime(t.threadId()), t -> null);
        try {
            // looks as the loop does, a millisecond or more apart, until the floor has passed and a second look was made
            for (int look = 0; look < 40; look++) {
                sampler.lookOnce(HeldSampler.MAX_STACKS_PER_SECOND);
                Thread.sleep(2);
            }
        } finally {
            LockSupport.unpark(parked);
            LockSupport.unpark(busy);
            parked.join();
            busy.join();
        }
        assertEquals(1, held.size(), "one stack, of the parked thread's mount only: " + held);
        Held h = held.get(0);
        assertEquals(0, h.carrier());
        assertTrue(h.from() >= since && h.at() > h.from(), "off its CPU from the first look to the sample");
        assertEquals(Thread.State.WAITING, h.state());
        assertFalse(h.kernelBlocked(), "the kernel said nothing here");
        assertEquals("jdk.internal.misc.Unsafe", h.stack()[0].getClassName());
        assertEquals("park", h.stack()[0].getMethodName());
    }

    private static void awaitParked(Thread thread) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (thread.getState() != Thread.State.WAITING) {
            assertTrue(System.nanoTime() < deadline, "never parked: " + thread.getState());
            Thread.sleep(1);
        }
    }

    @Test
    void theSecondBoundLimitsStacks() throws Exception {
        Thread parked = Thread.ofPlatform().start(LockSupport::park);
        try {
            int[] taken = {0};
            long since = System.nanoTime();
            HeldSampler sampler = HeldSampler.of(mounts(parked, parked, since), (c, from, at, state, kernelBlocked, stack) -> taken[0]++);
            for (int look = 0; look < 10; look++) {
                sampler.lookOnce(0);
                Thread.sleep(2);
            }
            assertEquals(0, taken[0], "none while none was allowed");
            assertEquals(2, sampler.notTaken(), "both held mounts were put off, and are counted once each");
            sampler.lookOnce(1);
            assertEquals(1, taken[0], "one a look while one is allowed");
            sampler.lookOnce(1);
            assertEquals(2, taken[0], "the other at the next look: put off, not lost");
            assertEquals(0, sampler.notTaken());
        } finally {
            LockSupport.unpark(parked);
            parked.join();
        }
    }

    /**
     * Where the kernel says: a thread blocked in the kernel (parked: a futex wait) is held, and its stack says the kernel
     * confirmed it; a thread on a CPU, which the JVM's clock (here a stand-in that never counts) calls off its CPU, is
     * runnable to the kernel and is never sampled. Both "carriers" told their task ids by making a clock.
     */
    @Test
    void theKernelConfirmsABlockAndRefusesARunnableCarrier() throws Exception {
        CountDownLatch told = new CountDownLatch(2);
        AtomicBoolean spin = new AtomicBoolean(true);
        CarrierClock[] clocks = new CarrierClock[2];
        Thread parked = Thread.ofPlatform().start(() -> {
            clocks[0] = CarrierClock.forCurrentThread();
            told.countDown();
            LockSupport.park();
        });
        Thread busy = Thread.ofPlatform().start(() -> {
            clocks[1] = CarrierClock.forCurrentThread();
            told.countDown();
            while (spin.get()) {
                Thread.onSpinWait();   // on a CPU, or waiting for one, the whole time
            }
        });
        told.await();
        awaitParked(parked);
        assumeTrue(KernelTasks.taskOf(parked) > 0 && CarrierSchedule.of(parked) != null, "no /proc here: the kernel says nothing");
        long since = System.nanoTime();
        List<Held> held = new ArrayList<>();
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        HeldSampler sampler = new HeldSampler(mounts(parked, busy, since),
                (c, from, at, state, kernelBlocked, stack) -> held.add(new Held(c, from, at, state, kernelBlocked, stack)),
                t -> t == busy ? 0 : threads.getThreadCpuTime(t.threadId()), CarrierSchedule::of);
        try {
            for (int look = 0; look < 40; look++) {
                sampler.lookOnce(HeldSampler.MAX_STACKS_PER_SECOND);
                Thread.sleep(2);
            }
        } finally {
            sampler.closeViews();
            spin.set(false);
            LockSupport.unpark(parked);
            parked.join();
            busy.join();
            clocks[0].close();
            clocks[1].close();
        }
        assertEquals(1, held.size(), "one stack, of the parked thread's mount only: " + held);
        assertEquals(0, held.get(0).carrier());
        assertTrue(held.get(0).kernelBlocked(), "the kernel said the parked thread was blocked");
        assertEquals(-1, KernelTasks.taskOf(parked), "a closed clock's carrier is let go");
    }

    /**
     * A carrier the kernel calls sleeping, but which its counts show on a CPU or in the run queue for most of the window
     * since a look that read them, is not held; once its counts stand still while it sleeps, it is.
     */
    @Test
    void aWindowMostlyInTheRunQueueIsNotHeld() throws Exception {
        Thread parked = Thread.ofPlatform().start(LockSupport::park);
        try {
            long since = System.nanoTime();
            long[] queueFrozen = {-1};   // -1: the run queue's wait grows with the wall clock
            char[] state = {'R'};
            HeldSampler.TaskView view = new HeldSampler.TaskView() {
                @Override public boolean read() { return true; }
                @Override public char state() { return state[0]; }
                @Override public long cpuNanos() { return 0; }
                @Override public long queueNanos() { return queueFrozen[0] < 0 ? System.nanoTime() - since : queueFrozen[0]; }
                @Override public void close() { }
            };
            List<Held> held = new ArrayList<>();
            HeldSampler sampler = new HeldSampler(mounts(parked, null, since),
                    (c, from, at, s, kernelBlocked, stack) -> held.add(new Held(c, from, at, s, kernelBlocked, stack)),
                    t -> 0, t -> view);
            for (int look = 0; look < 10; look++) {
                sampler.lookOnce(HeldSampler.MAX_STACKS_PER_SECOND);
                Thread.sleep(2);
            }
            assertEquals(List.of(), held, "runnable: no stack");
            state[0] = 'S';
            for (int look = 0; look < 10; look++) {
                sampler.lookOnce(HeldSampler.MAX_STACKS_PER_SECOND);   // each window spent in the run queue whole
                Thread.sleep(2);
            }
            assertEquals(List.of(), held, "sleeping now, but its window was spent in the run queue: no stack");
            queueFrozen[0] = System.nanoTime() - since;   // from here on it sleeps
            for (int look = 0; look < 10 && held.isEmpty(); look++) {
                sampler.lookOnce(HeldSampler.MAX_STACKS_PER_SECOND);
                Thread.sleep(2);
            }
            assertEquals(1, held.size());
            assertTrue(held.get(0).kernelBlocked());
        } finally {
            LockSupport.unpark(parked);
            parked.join();
        }
    }

    /**
     * A state is one instant: a spinning carrier sleeps for a moment at a safepoint. The first time the kernel is asked
     * about a window it said nothing of yet, its {@code S} is not taken alone: the window starts again with its counts,
     * and a carrier those counts show on a CPU is not held (the suite once saw a spinning thread sampled so).
     */
    @Test
    void aSleepAtTheKernelsFirstLookIsJudgedOverACountedWindow() throws Exception {
        Thread parked = Thread.ofPlatform().start(LockSupport::park);
        try {
            long since = System.nanoTime();
            boolean[] counting = {true};   // true: on a CPU the whole time, as a spinner is
            long[] cpuFrozen = {0};
            HeldSampler.TaskView view = new HeldSampler.TaskView() {
                @Override public boolean read() { return true; }
                @Override public char state() { return 'S'; }
                @Override public long cpuNanos() { return counting[0] ? System.nanoTime() - since : cpuFrozen[0]; }
                @Override public long queueNanos() { return 0; }
                @Override public void close() { }
            };
            List<Held> held = new ArrayList<>();
            HeldSampler sampler = new HeldSampler(mounts(parked, null, since),
                    (c, from, at, s, kernelBlocked, stack) -> held.add(new Held(c, from, at, s, kernelBlocked, stack)),
                    t -> 0, t -> view);
            for (int look = 0; look < 10; look++) {
                sampler.lookOnce(HeldSampler.MAX_STACKS_PER_SECOND);
                Thread.sleep(2);
            }
            assertEquals(List.of(), held, "asleep at every look, but on a CPU in every counted window: no stack");
            cpuFrozen[0] = System.nanoTime() - since;
            counting[0] = false;   // from here on it sleeps
            for (int look = 0; look < 10 && held.isEmpty(); look++) {
                sampler.lookOnce(HeldSampler.MAX_STACKS_PER_SECOND);
                Thread.sleep(2);
            }
            assertEquals(1, held.size());
            assertTrue(held.get(0).kernelBlocked());
        } finally {
            LockSupport.unpark(parked);
            parked.join();
        }
    }
}
