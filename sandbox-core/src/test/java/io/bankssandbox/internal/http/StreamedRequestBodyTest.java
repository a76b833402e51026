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
 * A body a route reads itself (the state import), without a socket: it reads as sent up to the
 * route's own limit and is a 413 naming that limit one byte past it; the journal gets the whole body
 * when it is JSON no larger than a /v0 body, the part the route left unread included, else nothing.
 */
class StreamedRequestBodyTest {
    private static StreamedRequestBody body(String sent, long limit) {
        return new StreamedRequestBody(new ByteArrayInputStream(sent.getBytes(StandardCharsets.UTF_8)), limit, "10 bytes");
    }

    @Test
    void itReadsAsSentByteByByteAndInBlocks() throws IOException {
        StreamedRequestBody body = new StreamedRequestBody(new ByteArrayInputStream(new byte[] {(byte) 0xff, 'a', 'b'}),
                10, "10 bytes");
        assertThat(body.read()).as("a byte read on its own is unsigned").isEqualTo(255);
        byte[] buffer = new byte[8];
        assertThat(body.read(buffer, 1, 7)).isEqualTo(2);
        assertThat(buffer[1]).isEqualTo((byte) 'a');
        assertThat(body.read()).isEqualTo(-1);
        assertThat(body.read(buffer, 0, 8)).isEqualTo(-1);
    }

    @Test
    void exactlyTheLimitReadsAndOneBytePastItIsA413NamingTheLimit() throws IOException {
        StreamedRequestBody atLimit = body("0123456789", 10);
        assertThat(atLimit.readAllBytes()).hasSize(10);
        StreamedRequestBody past = body("0123456789X", 10);
        assertThatThrownBy(past::readAllBytes).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.status()).isEqualTo(413);
            assertThat(e.messages()).containsExactly("Request body is larger than 10 bytes");
        });
        assertThat(past.keptWhole()).as("a body past the route's limit is not journalled").isNull();
    }

    @Test
    void theJournalGetsTheWholeJsonBodyTheRestTheRouteLeftUnreadIncluded() throws IOException {
        StreamedRequestBody body = body("{\"a\": [1, 2, 3]}", 1_000);
        byte[] start = new byte[4];
        assertThat(body.read(start, 0, 4)).isEqualTo(4);
        assertThat(new String(body.keptWhole(), StandardCharsets.UTF_8)).isEqualTo("{\"a\": [1, 2, 3]}");
    }

    @Test
    void aBodyThatIsNotJsonOrEmptyIsNotJournalled() {
        assertThat(body("not json", 1_000).keptWhole()).isNull();
        assertThat(body("", 1_000).keptWhole()).isNull();
        assertThat(body("{\"a\": ", 1_000).keptWhole()).isNull();
    }

    @Test
    void aBodyLargerThanAV0BodyIsNotJournalledButStillReads() throws IOException {
        byte[] large = new byte[BodyReader.LIMIT + 1];
        Arrays.fill(large, (byte) ' ');
        large[0] = '[';
        large[large.length - 1] = ']';
        StreamedRequestBody body = new StreamedRequestBody(new ByteArrayInputStream(large), 10L * BodyReader.LIMIT,
                "10 MiB");
        assertThat(body.readAllBytes()).hasSize(BodyReader.LIMIT + 1);
        assertThat(body.keptWhole()).isNull();

        byte[] exactly = Arrays.copyOf(large, BodyReader.LIMIT);
        exactly[exactly.length - 1] = ']';
        StreamedRequestBody atLimit = new StreamedRequestBody(new ByteArrayInputStream(exactly), 10L * BodyReader.LIMIT,
                "10 MiB");
        assertThat(atLimit.keptWhole()).as("a body of exactly 1 MiB is journalled").hasSize(BodyReader.LIMIT);
    }

    @Test
    void aClientThatWentAwayLeavesNothingToJournal() {
        InputStream broken = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("connection reset");
            }
        };
        assertThat(new StreamedRequestBody(broken, 1_000, "1000 bytes").keptWhole()).isNull();
    }
}
