package io.bankssandbox.internal.durable;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** How a record is framed in the log: the CRC-32C in eight hex digits, a space, the JSON, a newline. */
class LogLineTest {
    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.US_ASCII);
    }

    @Test
    void aLineIsTheCrc32cInLowerCaseHexASpaceTheRecordAndANewline() {
        // 0xe3069283 is CRC-32C's published check value, of "123456789"
        assertThat(text(LogLine.frame(bytes("123456789")))).isEqualTo("e3069283 123456789\n");
        // leading zeros are written: always eight digits
        String framed = text(LogLine.frame(bytes("{\"seq\":1}")));
        assertThat(framed).matches("[0-9a-f]{8} \\{\"seq\":1}\n");
    }

    @Test
    void anIntactLineGivesBackItsRecord() {
        byte[] line = LogLine.frame(bytes("{\"seq\":42,\"rows\":{}}"));
        assertThat(text(LogLine.unframe(line, line.length - 1))).isEqualTo("{\"seq\":42,\"rows\":{}}");
    }

    @Test
    void theShortestRecordIsTwoCharactersAndAnythingShorterIsNoLine() {
        byte[] shortest = LogLine.frame(bytes("{}"));
        assertThat(text(LogLine.unframe(shortest, shortest.length - 1))).isEqualTo("{}");
        byte[] one = LogLine.frame(bytes("7"));
        assertThat(LogLine.unframe(one, one.length - 1)).isNull();
        assertThat(LogLine.unframe(bytes(""), 0)).isNull();
    }

    @Test
    void aLineWhoseChecksumDoesNotMatchItsRecordIsNoLine() {
        byte[] line = LogLine.frame(bytes("{\"seq\":3}"));
        line[12] = '4'; // {"seq":4}
        assertThat(LogLine.unframe(line, line.length - 1)).isNull();
        byte[] cut = LogLine.frame(bytes("{\"seq\":3}"));
        assertThat(LogLine.unframe(cut, cut.length - 3)).as("a line cut short").isNull();
    }

    @Test
    void aLineWithoutTheSpaceOrWithAChecksumThatIsNotHexIsNoLine() {
        byte[] line = LogLine.frame(bytes("123456789"));
        assertThat(text(LogLine.unframe(line, line.length - 1))).isEqualTo("123456789");
        byte[] noSpace = line.clone();
        noSpace[8] = '_';
        assertThat(LogLine.unframe(noSpace, noSpace.length - 1)).isNull();
        byte[] notHex = line.clone();
        notHex[0] = 'g';
        assertThat(LogLine.unframe(notHex, notHex.length - 1)).isNull();
        byte[] lastDigitWrong = line.clone();
        lastDigitWrong[7] = '2'; // e3069282
        assertThat(LogLine.unframe(lastDigitWrong, lastDigitWrong.length - 1)).isNull();
        byte[] firstDigitWrong = line.clone();
        firstDigitWrong[0] = 'f'; // f3069283
        assertThat(LogLine.unframe(firstDigitWrong, firstDigitWrong.length - 1)).isNull();
    }
}
