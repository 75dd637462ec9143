package loomscope.recording;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * Rows of primitive values kept column by column, no object per row: a recording's mounts, a snapshot's samples and
 * an attach session's episodes run to millions. Each column is a directory of fixed-size chunks, so growing copies
 * only the directories, never a row: the writer (a carrier, in a recording) never stops for a long copy, and a row
 * once written stays where it is.
 * <p>One thread writes, one row at a time ({@link #row}, then a {@code put} per column). Other threads may read
 * the rows below a count the writer published after writing them (through a volatile of its own).
 *
 * @param <C> the enum naming the columns, in the order of the types given to the constructor
 */
public final class PrimitiveColumns<C extends Enum<C>> {
    private static final int FIRST_DIRECTORY_LENGTH = 4;
    private static final VarHandle DIRECTORY = MethodHandles.arrayElementVarHandle(Object[][].class);

    private final Class<?>[] types;
    private final int chunkBits;
    private final int mask;
    /** Each column's chunks: an {@code int[][]} for an int column, and so on. */
    private final Object[][] directories;
    private int chunks;
    private int writeRow;

    /**
     * @param chunkBits rows a chunk, as a power of two: large for millions of rows, small where many small tables live
     * @param types     each column's primitive type, in {@code names}' order
     */
    public PrimitiveColumns(Class<C> names, int chunkBits, Class<?>... types) {
        if (names.getEnumConstants().length != types.length) {
            throw new IllegalArgumentException(names.getSimpleName() + " names " + names.getEnumConstants().length
                    + " columns, " + types.length + " types given");
        }
        this.types = types.clone();
        this.chunkBits = chunkBits;
        this.mask = (1 << chunkBits) - 1;
        this.directories = new Object[types.length][];
        for (int c = 0; c < types.length; c++) {
            elementBytes(types[c]);   // refuses what is not a primitive a column can hold
            directories[c] = (Object[]) Array.newInstance(types[c].arrayType(), FIRST_DIRECTORY_LENGTH);
        }
    }

    /** Makes room for row {@code row} and makes it the one the {@code put}s write. */
    public PrimitiveColumns<C> row(int row) {
        int chunk = row >>> chunkBits;
        if (chunk >= chunks) {
            addChunks(chunk + 1);
        }
        writeRow = row;
        return this;
    }

    private void addChunks(int needed) {
        for (int c = 0; c < directories.length; c++) {
            Object[] directory = directories[c];
            if (needed > directory.length) {
                directory = Arrays.copyOf(directory, Math.max(needed, directory.length * 2));
            }
            for (int k = chunks; k < needed; k++) {
                directory[k] = Array.newInstance(types[c], mask + 1);
            }
            // the chunks are in place before a reader can reach the new directory: a release store, read by an acquire
            // load, as a reader may meet a directory newer than the count it read (a plain store and load are enough
            // on x86 only; an ARM reader could see the new directory without its chunks)
            DIRECTORY.setRelease(directories, c, directory);
        }
        chunks = needed;
    }

    public PrimitiveColumns<C> putInt(C column, int value) {
        ((int[]) chunkToWrite(column))[writeRow & mask] = value;
        return this;
    }

    public PrimitiveColumns<C> putLong(C column, long value) {
        ((long[]) chunkToWrite(column))[writeRow & mask] = value;
        return this;
    }

    public PrimitiveColumns<C> putShort(C column, short value) {
        ((short[]) chunkToWrite(column))[writeRow & mask] = value;
        return this;
    }

    public PrimitiveColumns<C> putByte(C column, byte value) {
        ((byte[]) chunkToWrite(column))[writeRow & mask] = value;
        return this;
    }

    public PrimitiveColumns<C> putBoolean(C column, boolean value) {
        ((boolean[]) chunkToWrite(column))[writeRow & mask] = value;
        return this;
    }

    private Object chunkToWrite(C column) {
        return directories[column.ordinal()][writeRow >>> chunkBits];
    }

    public int getInt(C column, int row) { return ((int[]) chunkOf(column, row))[row & mask]; }

    public long getLong(C column, int row) { return ((long[]) chunkOf(column, row))[row & mask]; }

    public short getShort(C column, int row) { return ((short[]) chunkOf(column, row))[row & mask]; }

    public byte getByte(C column, int row) { return ((byte[]) chunkOf(column, row))[row & mask]; }

    public boolean getBoolean(C column, int row) { return ((boolean[]) chunkOf(column, row))[row & mask]; }

    private Object chunkOf(C column, int row) {
        return ((Object[]) DIRECTORY.getAcquire(directories, column.ordinal()))[row >>> chunkBits];
    }

    /** The heap the chunks take (not the directories): what a recording reports as its size. */
    public long bytes() {
        long rowBytes = 0;
        for (Class<?> type : types) {
            rowBytes += elementBytes(type);
        }
        return (long) chunks * (mask + 1) * rowBytes;
    }

    private static int elementBytes(Class<?> type) {
        if (type == long.class) {
            return Long.BYTES;
        } else if (type == int.class) {
            return Integer.BYTES;
        } else if (type == short.class) {
            return Short.BYTES;
        } else if (type == byte.class || type == boolean.class) {
            return 1;
        }
        throw new IllegalArgumentException("not a column type: " + type);
    }
}
