package loomscope.recording;

/**
 * The recording's mounts regrouped by virtual thread, each thread's in time order: built in O(mounts) from
 * the carrier logs as they stand, so replay can find "where was thread v at time t" by binary search.
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

    /** Mounts per thread are few (2-3 in the seed workload): insertion sort is the right tool. */
    private static void sortByStart(int from, int to, int[] carrierOf, int[] entryOf, long[] startOf) {
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
