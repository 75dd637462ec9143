package loomscope.recording;

/**
 * The recording's mounts regrouped by virtual thread, each thread's in time order: built from the carrier logs as
 * they stand (in O(mounts) where each thread mounts a few times), so replay can find "where was thread v at time t" by binary search.
 */
public final class MountIndex {
    private final CarrierLog[] carriers;
    private final int[] firstMount;
    private final int[] carrierOf;
    private final int[] entryOf;
    private final long[] startOf;

    private MountIndex(CarrierLog[] carriers, int[] firstMount, int[] carrierOf, int[] entryOf, long[] startOf) {
        this.carriers = carriers;
        this.firstMount = firstMount;
        this.carrierOf = carrierOf;
        this.entryOf = entryOf;
        this.startOf = startOf;
    }

    public static MountIndex of(RunRecording recording) {
        CarrierLog[] logs = recording.carriers();
        int threads = recording.threads();
        int[] sizes = new int[logs.length];
        int[] counts = new int[threads + 1];
        int total = 0;
        for (int c = 0; c < logs.length; c++) {
            sizes[c] = logs[c].size();
            for (int i = 0; i < sizes[c]; i++) {
                counts[logs[c].vt(i) + 1]++;
            }
            total += sizes[c];
        }
        for (int v = 0; v < threads; v++) {
            counts[v + 1] += counts[v];
        }
        int[] first = counts.clone();
        int[] fill = counts;
        int[] carrierOf = new int[total];
        int[] entryOf = new int[total];
        long[] startOf = new long[total];
        for (int c = 0; c < logs.length; c++) {
            for (int i = 0; i < sizes[c]; i++) {
                int slot = fill[logs[c].vt(i)]++;
                carrierOf[slot] = c;
                entryOf[slot] = i;
                startOf[slot] = logs[c].start(i);
            }
        }
        for (int v = 0; v < threads; v++) {
            sortByStart(first[v], first[v + 1], carrierOf, entryOf, startOf);
        }
        return new MountIndex(logs, first, carrierOf, entryOf, startOf);
    }

    /** Up to this many mounts a thread, insertion sort (the seed's threads mount 2-3 times). */
    private static final int INSERTION_MAX = 16;

    /**
     * Puts one thread's mounts in start order. They arrive carrier by carrier, each carrier's in order: a thread of
     * an attached server or a yield loop has thousands, spread over dozens of carriers, where insertion sort is
     * quadratic (a live attach spent most of its frames here). Those sort by their starts in O(n log n).
     */
    private static void sortByStart(int from, int to, int[] carrierOf, int[] entryOf, long[] startOf) {
        if (to - from <= INSERTION_MAX) {
            insertionSort(from, to, carrierOf, entryOf, startOf);
        } else if (!inOrder(from, to, startOf)) {
            mergeSort(from, to, carrierOf, entryOf, startOf);
        }
    }

    private static void insertionSort(int from, int to, int[] carrierOf, int[] entryOf, long[] startOf) {
        for (int i = from + 1; i < to; i++) {
            long s = startOf[i];
            int c = carrierOf[i];
            int e = entryOf[i];
            int j = i - 1;
            while (j >= from && startOf[j] > s) {
                startOf[j + 1] = startOf[j];
                carrierOf[j + 1] = carrierOf[j];
                entryOf[j + 1] = entryOf[j];
                j--;
            }
            startOf[j + 1] = s;
            carrierOf[j + 1] = c;
            entryOf[j + 1] = e;
        }
    }

    private static boolean inOrder(int from, int to, long[] startOf) {
        for (int i = from + 1; i < to; i++) {
            if (startOf[i] < startOf[i - 1]) {
                return false;
            }
        }
        return true;
    }

    /** A stable sort of the range's positions by start, then the three columns rearranged once. */
    private static void mergeSort(int from, int to, int[] carrierOf, int[] entryOf, long[] startOf) {
        int n = to - from;
        int[] order = new int[n];
        for (int k = 0; k < n; k++) {
            order[k] = from + k;
        }
        int[] spare = new int[n];
        for (int width = 1; width < n; width *= 2) {
            for (int lo = 0; lo < n - width; lo += 2 * width) {
                merge(order, spare, lo, lo + width, Math.min(lo + 2 * width, n), startOf);
            }
        }
        int[] carriers = new int[n];
        int[] entries = new int[n];
        long[] starts = new long[n];
        for (int k = 0; k < n; k++) {
            carriers[k] = carrierOf[order[k]];
            entries[k] = entryOf[order[k]];
            starts[k] = startOf[order[k]];
        }
        System.arraycopy(carriers, 0, carrierOf, from, n);
        System.arraycopy(entries, 0, entryOf, from, n);
        System.arraycopy(starts, 0, startOf, from, n);
    }

    private static void merge(int[] order, int[] spare, int lo, int mid, int hi, long[] startOf) {
        if (startOf[order[mid - 1]] <= startOf[order[mid]]) {
            return;   // the two halves are already in order
        }
        System.arraycopy(order, lo, spare, lo, hi - lo);
        int i = lo;
        int j = mid;
        for (int k = lo; k < hi; k++) {
            if (i < mid && (j >= hi || startOf[spare[i]] <= startOf[spare[j]])) {
                order[k] = spare[i++];
            } else {
                order[k] = spare[j++];
            }
        }
    }

    public int totalMounts() { return startOf.length; }

    public int mountCount(int vt) { return firstMount[vt + 1] - firstMount[vt]; }

    /** Global position of {@code vt}'s k-th mount. */
    public int mount(int vt, int k) { return firstMount[vt] + k; }

    public int carrier(int mount) { return carrierOf[mount]; }

    public CarrierLog log(int mount) { return carriers[carrierOf[mount]]; }

    public int entry(int mount) { return entryOf[mount]; }

    public long start(int mount) { return startOf[mount]; }

    public long end(int mount) { return log(mount).end(entryOf[mount]); }

    public long submit(int mount) { return log(mount).submit(entryOf[mount]); }

    public boolean pinned(int mount) { return log(mount).pinned(entryOf[mount]); }

    /** Whether the carriers' clocks could not judge this mount (see {@link CarrierLog#unsure}). */
    public boolean unsure(int mount) { return log(mount).unsure(entryOf[mount]); }

    /** What this mount did to its carrier ({@link CarrierLog#mountClass}). */
    public MountClass mountClass(int mount) { return log(mount).mountClass(entryOf[mount]); }

    /** Whether the mount held its carrier and no witness has said why yet ({@link CarrierLog#held}). */
    public boolean held(int mount) { return log(mount).held(entryOf[mount]); }

    /** The k (0-based, within vt's mounts) of the last mount of {@code vt} that started at or before t, or -1. */
    public int lastMountStartedBy(int vt, long t) {
        int lo = firstMount[vt];
        int hi = firstMount[vt + 1] - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (startOf[mid] <= t) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found < 0 ? -1 : found - firstMount[vt];
    }
}
