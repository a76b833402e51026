package io.bankssandbox.internal.durable;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * How one record is framed in the log: eight hex digits of the CRC-32C of the JSON, a space, the
 * record as compact JSON (which never holds a raw newline), a newline. A line is text, so the log
 * can be read with {@code tail} or {@code grep}; the checksum tells a line cut short or garbled by a
 * power cut from a good one.
 */
final class LogLine {
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private static final int PREFIX = 9;

    private LogLine() {}

    static byte[] frame(byte[] json) {
        byte[] line = new byte[PREFIX + json.length + 1];
        long crc = crc(json, 0, json.length);
        for (int i = 7; i >= 0; i--) {
            line[i] = HEX[(int) (crc & 0xf)];
            crc >>>= 4;
        }
        line[8] = ' ';
        System.arraycopy(json, 0, line, PREFIX, json.length);
        line[line.length - 1] = '\n';
        return line;
    }

    /** The JSON of a line (without its newline), or null when the line is not one this class framed intact. */
    static byte[] unframe(byte[] line, int length) {
        if (length < PREFIX + 2 || line[8] != ' ') {
            return null;
        }
        long expected = 0;
        for (int i = 0; i < 8; i++) {
            int digit = Character.digit(line[i], 16);
            if (digit < 0) {
                return null;
            }
            expected = (expected << 4) | digit;
        }
        if (crc(line, PREFIX, length - PREFIX) != expected) {
            return null;
        }
        return Arrays.copyOfRange(line, PREFIX, length);
    }

    private static long crc(byte[] bytes, int offset, int length) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, offset, length);
        return crc.getValue();
    }
}
