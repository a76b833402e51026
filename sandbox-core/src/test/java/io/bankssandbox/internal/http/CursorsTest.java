package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bankssandbox.internal.state.SortKey;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Page cursors: what one issued decodes to, and every other text is a 400, never a 500. */
class CursorsTest {

    @Test
    void aCursorDecodesToTheKeyItWasIssuedFor() {
        SortKey key = new SortKey(Instant.parse("2026-03-02T15:00:00.123Z"), "card_0000006ffif7l9i19ra5");
        assertThat(Cursors.decode(Cursors.encode(key))).isEqualTo(key);
        SortKey dotted = new SortKey(Instant.ofEpochMilli(0), "an.id.with.dots");
        assertThat(Cursors.decode(Cursors.encode(dotted))).isEqualTo(dotted);
        assertThat(Cursors.decode(null)).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "", "not base64!", "bm90LWEtY3Vyc29y", // "not-a-cursor": no dot at all
            "MTIz", // "123"
    })
    void aTextTheSandboxNeverIssuedIsABadRequest(String cursor) {
        assertBadRequest(cursor);
    }

    @Test
    void aTamperedCursorIsABadRequest() {
        String issued = Cursors.encode(new SortKey(Instant.ofEpochMilli(1000), "card_1"));
        String text = new String(Base64.getUrlDecoder().decode(issued), StandardCharsets.UTF_8);
        assertBadRequest(encode(text.replace("card_1", "card_2")));
        assertBadRequest(encode(text.replace("1000.", "2000.")));
    }

    @Test
    void cursorsTooShortToHoldATimeAndAnIdAreBadRequestsEvenWithTheirChecksumRight() {
        // the checksum is no secret (it is in this source), so a client can make one for any text:
        // the parts' own checks must hold without it
        assertBadRequest(signed("123"));  // one dot: a time, no id
        assertBadRequest(signed(".card_1")); // no time before the id
        assertBadRequest(signed("1000")); // no dot but the checksum's
        assertBadRequest(signed("soon.card_1")); // a time that is no number
        assertThat(Cursors.decode(signed("1000.card_1"))).isEqualTo(new SortKey(Instant.ofEpochMilli(1000), "card_1"));
    }

    private static void assertBadRequest(String cursor) {
        assertThatThrownBy(() -> Cursors.decode(cursor)).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.status()).isEqualTo(400));
    }

    /** A cursor with PAYLOAD and its right checksum, as {@link Cursors#encode} lays them out. */
    private static String signed(String payload) {
        CRC32 crc = new CRC32();
        crc.update(("banks-sandbox-cursor:" + payload).getBytes(StandardCharsets.UTF_8));
        return encode(payload + "." + Long.toString(crc.getValue(), 36));
    }

    private static String encode(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }
}
