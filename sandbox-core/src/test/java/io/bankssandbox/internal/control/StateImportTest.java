package io.bankssandbox.internal.control;

import io.bankssandbox.SandboxException;
import io.bankssandbox.SandboxInternals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.ach.InboundAchTransfer;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code PUT /_sandbox/state} takes what {@code GET /_sandbox/state} gave, whatever its size: the
 * body is read as a stream under its own limit (not the 1 MiB of /v0 bodies), and a document that is
 * not a state document, is of another version or breaks a rule is refused with file, JSON pointer
 * and rule, changing nothing.
 */
class StateImportTest extends SandboxTestBase {
    private static final Map<String, String> JSON = Map.of("Content-Type", "application/json");

    private byte[] exported() {
        ApiClient.Response export = control.get("/_sandbox/state");
        assertThat(export.status()).isEqualTo(200);
        return export.bytes();
    }

    /** Inbound ACH transfers stored as an import would store them: enough of them make a document of several MiB. */
    static void addTransfers(Sandbox sandbox, int count) {
        SandboxInternals.runtime(sandbox).state().update(s -> {
            List<String> accounts = s.table(Account.TABLE).all().stream().map(Account::id).toList();
            Instant oldest = s.startedAt.minus(Duration.ofDays(30));
            for (int i = 0; i < count; i++) {
                Instant created = oldest.minusSeconds(i);
                Instant settled = created.plus(Duration.ofMinutes(40));
                s.table(InboundAchTransfer.TABLE).put(new InboundAchTransfer(s.ids.next("inbound_ach_transfer_"), created,
                        accounts.get(i % accounts.size()), 1_000 + i, InboundAchTransfer.ACCEPTED, "CCD",
                        LocalDate.ofInstant(created, ZoneOffset.UTC), created.plus(Duration.ofHours(1)), "AETNA",
                        "HCCLAIMPMT", s.ids.nextDigits(15), s.ids.next("transaction_"), settled, settled, null, null,
                        null, null, null));
            }
        });
    }

    @Test
    void anExportLargerThanOneMebibyteImportsBackAndExportsByteForByteTheSame() {
        addTransfers(sandbox, 6_000);
        byte[] before = exported();
        assertThat(before.length).isGreaterThan(3 * 1024 * 1024);
        control.post("/_sandbox/reset", Map.of());
        ApiClient.Response imported = control.send("PUT", "/_sandbox/state", before, JSON);
        assertThat(imported.status()).isEqualTo(200);
        assertThat(imported.bytes()).isEqualTo(before); // the answer is the state as exported after the import
        assertThat(exported()).isEqualTo(before);
    }

    @Test
    void theJournalKeepsAnImportNoLargerThanOneMebibyteAndNotesALargerOneWithoutItsDocument() throws IOException {
        byte[] small = exported();
        assertThat(control.send("PUT", "/_sandbox/state", small, JSON).status()).isEqualTo(200);
        addTransfers(sandbox, 3_000);
        byte[] large = exported();
        assertThat(large.length).isGreaterThan(1024 * 1024);
        assertThat(control.send("PUT", "/_sandbox/state", large, JSON).status()).isEqualTo(200);
        List<JsonNode> imports = new java.util.ArrayList<>();
        control.get("/_sandbox/requests?format=scenario").json().get("steps").forEach(step -> {
            if (step.path("name").asText().equals("PUT /_sandbox/state")) {
                imports.add(step.get("control"));
            }
        });
        assertThat(imports).hasSize(2);
        assertThat(imports.get(0).get("body")).isEqualTo(Json.MAPPER.readTree(small));
        assertThat(imports.get(1).has("body")).isFalse();
    }

    @Test
    void theJavaHandleStreamsAnExportBackInTooAndRefusesABrokenOneWithoutChangingAnything() throws IOException {
        addTransfers(sandbox, 500);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        sandbox.exportState(out);
        byte[] before = out.toByteArray();
        assertThat(before).isEqualTo(exported());
        sandbox.reset();
        sandbox.importState(new ByteArrayInputStream(before));
        assertThat(exported()).isEqualTo(before);

        byte[] cutShort = java.util.Arrays.copyOf(before, before.length / 2);
        assertThatThrownBy(() -> sandbox.importState(new ByteArrayInputStream(cutShort)))
                .isInstanceOf(SandboxException.class)
                .hasMessageStartingWith("400: state document: not readable as JSON: Unexpected end-of-input");
        assertThat(exported()).isEqualTo(before);
    }

    @Test
    void aDocumentOverTheImportLimitIs413AndChangesNothing() {
        try (Sandbox small = Sandbox.start(SandboxConfig.builder().maxImportBytes(64 * 1024).build())) {
            ApiClient smallControl = new ApiClient(small.baseUrl(), null);
            byte[] before = smallControl.get("/_sandbox/state").bytes();
            assertThat(before.length).isGreaterThan(64 * 1024);
            ApiClient.Response refused = smallControl.send("PUT", "/_sandbox/state", before, JSON);
            assertThat(refused.status()).isEqualTo(413);
            assertThat(refused.json().get("message").asText())
                    .isEqualTo("Request body is larger than the import limit of 64 KiB (--max-import-size)");
            assertThat(smallControl.get("/_sandbox/state").bytes()).isEqualTo(before);
        }
    }

    @Test
    void aBodyThatIsNotAStateDocumentIsRefusedAndChangesNothing() {
        byte[] before = exported();
        for (String body : List.of("[1, 2]", "\"state\"", "42")) {
            ApiClient.Response refused = control.send("PUT", "/_sandbox/state", body, JSON);
            assertThat(refused.status()).isEqualTo(400);
            assertThat(refused.json().get("message").get(0).asText()).startsWith("state document /: not a state document");
        }
        ApiClient.Response cut = control.send("PUT", "/_sandbox/state", "{\"entities\": [", JSON);
        assertThat(cut.status()).isEqualTo(400);
        assertThat(cut.json().get("message").get(0).asText()).startsWith("state document: not readable as JSON:");
        ApiClient.Response wrongShape = control.send("PUT", "/_sandbox/state", "{\"entities\": 5, \"notes\": []}", JSON);
        assertThat(wrongShape.status()).isEqualTo(400);
        assertThat(wrongShape.json().get("message")).extracting(JsonNode::asText).contains(
                "entities.json /: document must be an array (type)",
                "accounts.json: missing (required in every fixture set)")
                .anyMatch(m -> m.startsWith("notes.json: not a fixture file"));
        ApiClient.Response text = control.send("PUT", "/_sandbox/state", "entities", Map.of("Content-Type", "text/plain"));
        assertThat(text.status()).isEqualTo(415);
        // no body at all (Content-Length: 0) needs no Content-Type: it is refused as no document, not as the wrong type
        ApiClient.Response none = control.send("PUT", "/_sandbox/state", "", Map.of());
        assertThat(none.status()).as(none.toString()).isEqualTo(400);
        assertThat(exported()).isEqualTo(before);
    }

    @Test
    void aDocumentOfAnotherVersionIsRefusedWithItsPointerAndChangesNothing() throws IOException {
        byte[] before = exported();
        ObjectNode document = (ObjectNode) Json.MAPPER.readTree(before);
        ((ObjectNode) document.get("format")).put("version", 2);
        ApiClient.Response refused = control.put("/_sandbox/state", document);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("message").get(0).asText())
                .isEqualTo("format.json /version: version 2 is not one this sandbox reads (it reads version 1)");
        assertThat(exported()).isEqualTo(before);
    }

    @Test
    void anAccountWhoseTransactionsDoNotSumToItsBalanceIsRefusedWithPointerAndRule() throws IOException {
        byte[] before = exported();
        ObjectNode document = (ObjectNode) Json.MAPPER.readTree(before);
        ObjectNode account = (ObjectNode) document.get("accounts").get(2);
        long balance = account.get("total_balance").asLong();
        account.put("total_balance", balance + 100);
        ApiClient.Response refused = control.put("/_sandbox/state", document);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("message")).extracting(JsonNode::asText).containsExactly(
                "accounts.json /2/total_balance: the account's transactions sum to " + balance + ", not to its total balance "
                        + (balance + 100) + " (an account's transactions must sum to its total balance)");
        assertThat(exported()).isEqualTo(before);
    }

    @Test
    void aCardWithDecreasingLimitsIsRefusedWithPointerAndRuleAndChangesNothing() throws IOException {
        byte[] before = exported();
        ObjectNode document = (ObjectNode) Json.MAPPER.readTree(before);
        ArrayNode limits = (ArrayNode) document.get("cards").get(0).get("spending_limits");
        limits.removeAll();
        limits.addObject().put("interval", "per_day").put("amount", 5000);
        limits.addObject().put("interval", "per_month").put("amount", 1000);
        ApiClient.Response refused = control.put("/_sandbox/state", document);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("message").get(0).asText()).startsWith("cards.json /0/spending_limits: ");
        assertThat(exported()).isEqualTo(before);
    }

    @Test
    void aDocumentWithThousandsOfBadRowsIsRefusedAfterAHundredProblems() throws IOException {
        addTransfers(sandbox, 2_000);
        byte[] before = exported();
        String broken = new String(before, StandardCharsets.UTF_8).replace("\"standard_entry_class_code\":\"CCD\"",
                "\"standard_entry_class_code\":42");
        ApiClient.Response refused = control.send("PUT", "/_sandbox/state", broken, JSON);
        assertThat(refused.status()).isEqualTo(400);
        JsonNode messages = refused.json().get("message");
        assertThat(messages.size()).isEqualTo(101);
        assertThat(messages.get(0).asText()).matches("inbound_ach_transfers\\.json /\\d+/standard_entry_class_code: .*");
        assertThat(messages.get(100).asText()).isEqualTo("... the document was not read further: fix these first");
        assertThat(exported()).isEqualTo(before);
    }
}
