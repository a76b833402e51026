package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Reading a request body from a stream, without a socket: the 1 MiB limit to the byte, the 413 and
 * the bounded drain before it, the body nobody reads dropped up to the same bound, and a streamed
 * body's own limit and the copy the journal keeps. Over HTTP: {@code LimitsTest}.
 */
class BodyReaderTest {
    private static final long DRAIN_LIMIT = 64L * 1024 * 1024;

    /** A client that never stops sending: counts what was read, and fails a reader that reads far past any bound. */
    static final class EndlessBody extends InputStream {
        long read;

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0];
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            if (read > 2 * DRAIN_LIMIT) {
                throw new IOException("read far past the drain bound");
            }
            Arrays.fill(buffer, offset, offset + length, (byte) 'x');
            read += length;
            return length;
        }
    }

    private static ByteArrayInputStream bytes(int count) {
        byte[] body = new byte[count];
        Arrays.fill(body, (byte) 'a');
        return new ByteArrayInputStream(body);
    }

    @Test
    void aDeclaredLengthWithinTheLimitIsReadAsDeclaredAndABodyCutShortAsFarAsItCame() throws IOException {
        ByteArrayInputStream in = new ByteArrayInputStream("{\"a\":1}rest".getBytes(StandardCharsets.UTF_8));
        assertThat(new String(BodyReader.read(in, 7), StandardCharsets.UTF_8)).isEqualTo("{\"a\":1}");
        assertThat(in.available()).as("nothing past the declared length is read").isEqualTo(4);
        assertThat(BodyReader.read(new ByteArrayInputStream(new byte[] {'{', '}'}), 10)).containsExactly('{', '}');
        assertThat(BodyReader.read(new ByteArrayInputStream(new byte[0]), 0)).isEmpty();
        assertThat(BodyReader.read(bytes(BodyReader.LIMIT), BodyReader.LIMIT)).hasSize(BodyReader.LIMIT);
    }

    @Test
    void aBodyOfUnknownLengthIsReadWholeUpToExactlyOneMebibyte() throws IOException {
        assertThat(BodyReader.read(bytes(20_000), -1)).hasSize(20_000);
        assertThat(BodyReader.read(bytes(BodyReader.LIMIT), -1)).hasSize(BodyReader.LIMIT);
        assertThat(BodyReader.read(new ByteArrayInputStream(new byte[0]), -1)).isEmpty();
    }

    @Test
    void aBodyOneBytePastTheLimitIsA413AndTheRestIsDrainedSoTheClientReadsTheAnswer() {
        ByteArrayInputStream unknown = bytes(BodyReader.LIMIT + 1);
        assertThatThrownBy(() -> BodyReader.read(unknown, -1)).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.status()).isEqualTo(413);
            assertThat(e.messages()).containsExactly("Request body is larger than 1 MiB");
        });
        assertThat(unknown.available()).isZero();
        ByteArrayInputStream declared = bytes(3 * BodyReader.LIMIT);
        assertThatThrownBy(() -> BodyReader.read(declared, 3L * BodyReader.LIMIT)).isInstanceOf(ApiException.class);
        assertThat(declared.available()).as("a declared length past the limit is read in chunks, and drained").isZero();
    }

    @Test
    void aBodyThatNeverEndsIsDrainedUpTo64MebibytesBeforeThe413() {
        EndlessBody endless = new EndlessBody();
        assertThatThrownBy(() -> BodyReader.read(endless, -1)).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.status()).isEqualTo(413));
        assertThat(endless.read).isGreaterThanOrEqualTo(DRAIN_LIMIT).isLessThan(DRAIN_LIMIT + 16 * 1024);
    }

    @Test
    void aBodyNobodyReadsIsDroppedWholeOrUpTo64Mebibytes() throws IOException {
        ByteArrayInputStream sent = bytes(100_000);
        BodyReader.discard(sent);
        assertThat(sent.available()).isZero();
        ByteArrayInputStream one = bytes(1);
        BodyReader.discard(one);
        assertThat(one.available()).isZero();
        BodyReader.discard(new ByteArrayInputStream(new byte[0]));

        EndlessBody endless = new EndlessBody();
        BodyReader.discard(endless);
        assertThat(endless.read).isGreaterThanOrEqualTo(DRAIN_LIMIT).isLessThan(DRAIN_LIMIT + 16 * 1024);
    }
}
