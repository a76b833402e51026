package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import org.junit.jupiter.api.Test;

/**
 * A key stored with a body of accents, CJK and emoji still matches a faithful retry after the state
 * went through a document (a state file, an export and import): the stored body hash is the one
 * every version computed, so the retry replays instead of being refused with a 422.
 */
class IdempotencyAcrossStateFilesTest extends SandboxTestBase {
    static final String UNICODE_CARD = "{\"bank_account_id\":\"account_0000000ptmhjx1gxm2mi\",\"nickname\":\"Café 東京 😀 Zoë\","
            + "\"authorization_controls\":{\"usage\":{\"category\":\"multi_use\",\"multi_use\":"
            + "{\"spending_limits\":[{\"interval\":\"per_day\",\"amount\":100000}]}}}}";
    /** What the versions before this one stored for {@link #UNICODE_CARD} (and a state file of theirs holds). */
    static final String UNICODE_CARD_HASH = "eb3d1df828e0b79fdeac9e40dbc93a8fcf468824851b2fed69b7719dbafe05f6";

    @Test
    void aFaithfulRetryAfterAnExportAndImportReplaysTheCard() {
        assertThat(riversideOperatingAccountId()).isEqualTo("account_0000000ptmhjx1gxm2mi");
        ApiClient.Response created = api.post("/v0/cards", UNICODE_CARD, "unicode-key-0001");
        assertThat(created.status()).isEqualTo(201);
        JsonNode document = api.get("/_sandbox/state").json();
        JsonNode stored = null;
        for (JsonNode entry : document.get("idempotency_keys")) {
            if (entry.get("key").asText().equals("unicode-key-0001")) {
                stored = entry;
            }
        }
        assertThat(stored).isNotNull();
        assertThat(stored.get("body_hash").asText()).isEqualTo(UNICODE_CARD_HASH);

        // a fresh start from the document, as a state file or an import gives it
        sandbox.reset();
        assertThat(api.put("/_sandbox/state", document).status()).isEqualTo(200);
        ApiClient.Response retried = api.post("/v0/cards", UNICODE_CARD, "unicode-key-0001");
        assertThat(retried.status()).isEqualTo(201);
        assertThat(retried.header("Idempotency-Replayed")).contains("true");
        assertThat(retried.json().get("id")).isEqualTo(created.json().get("id"));

        // and the hash still tells bodies apart by one character
        ApiClient.Response other = api.post("/v0/cards", UNICODE_CARD.replace("😀", "😁"), "unicode-key-0001");
        assertThat(other.status()).isEqualTo(422);
    }
}
