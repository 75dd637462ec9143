package loomscope.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Rows written column by column read back as written, across chunks and directory growth. */
class PrimitiveColumnsTest {

    private enum Column { I, L, S, B, Z }

    private static PrimitiveColumns<Column> columns(int chunkBits) {
        return new PrimitiveColumns<>(Column.class, chunkBits, int.class, long.class, short.class, byte.class,
                boolean.class);
    }

    @Test
    void rowsReadBackAsWrittenPastManyChunks() {
        PrimitiveColumns<Column> c = columns(2);   // 4 rows a chunk: 1,000 rows need 250 chunks, directories grow
        for (int row = 0; row < 1_000; row++) {
            c.row(row).putInt(Column.I, -row).putLong(Column.L, row * 10_000_000_000L).putShort(Column.S, (short) row)
                    .putByte(Column.B, (byte) row).putBoolean(Column.Z, row % 3 == 0);
        }
        for (int row = 0; row < 1_000; row++) {
            assertEquals(-row, c.getInt(Column.I, row));
            assertEquals(row * 10_000_000_000L, c.getLong(Column.L, row));
            assertEquals((short) row, c.getShort(Column.S, row));
            assertEquals((byte) row, c.getByte(Column.B, row));
            assertEquals(row % 3 == 0, c.getBoolean(Column.Z, row));
        }
    }

    @Test
    void aWrittenRowCanBeChangedLater() {
        PrimitiveColumns<Column> c = columns(2);
        for (int row = 0; row < 10; row++) {
            c.row(row).putInt(Column.I, row);
        }
        c.row(3).putInt(Column.I, 33);
        assertEquals(33, c.getInt(Column.I, 3));
        assertEquals(9, c.getInt(Column.I, 9));
    }

    @Test
    void bytesCountWholeChunksOfEveryColumn() {
        PrimitiveColumns<Column> c = columns(4);
        assertEquals(0, c.bytes());
        c.row(0);
        assertEquals(16 * (4 + 8 + 2 + 1 + 1), c.bytes());
        c.row(16);
        assertEquals(2 * 16 * (4 + 8 + 2 + 1 + 1), c.bytes());
    }

    @Test
    void aColumnReadAsAnotherTypeFails() {
        PrimitiveColumns<Column> c = columns(4);
        c.row(0);
        assertThrows(ClassCastException.class, () -> c.putInt(Column.L, 1));
        assertThrows(ClassCastException.class, () -> c.getLong(Column.I, 0));
    }

    @Test
    void typesMustMatchTheNamesAndBePrimitive() {
        assertThrows(IllegalArgumentException.class, () -> new PrimitiveColumns<>(Column.class, 4, int.class));
        assertThrows(IllegalArgumentException.class, () -> new PrimitiveColumns<>(Column.class, 4,
                int.class, long.class, short.class, byte.class, String.class));
    }
}
