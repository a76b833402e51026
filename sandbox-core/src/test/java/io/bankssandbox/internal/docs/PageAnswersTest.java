package io.bankssandbox.internal.docs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.openapi.ExampleReplay;
import io.bankssandbox.internal.state.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Answers the pages show outside reference.md's route entries: an error of each kind, and what a route
 * answers in a case its entry's example does not show (a declined card payment, a route {@code /v0} does
 * not have, a list without its optional filter, a refused value at its limit). Each is the served
 * document's example for that status (which OpenApiExamplesTest replays) or a request replayed here on
 * a fresh sandbox on the default fixtures; the page must hold exactly the block written from it, so a
 * statement the block proves cannot stop being true unseen.
 */
class PageAnswersTest {
    private static final Path REFERENCE = Path.of("..", "docs", "reference.md");
    private static final Path REMITTANCES = Path.of("..", "docs", "remittances.md");

    /**
     * One answer a page shows: the served document's example of {@code status} for {@code operation}
     * when {@code request} is null, else that request (as examples.json writes one) replayed here.
     */
    record Shown(Path page, String operation, int status, String summary, String request) {
        static Shown documented(Path page, String operation, int status) {
            return new Shown(page, operation, status, null, null);
        }

        static Shown replayed(Path page, String operation, int status, String summary, String request) {
            return new Shown(page, operation, status, summary, request);
        }
    }

    static final List<Shown> SHOWN = List.of(
            // reference.md, Errors: one real answer of each error a client handles
            Shown.documented(REFERENCE, "GET /v0/entities", 401),
            Shown.documented(REFERENCE, "GET /v0/cards/{card_id}", 404),
            Shown.documented(REFERENCE, "POST /v0/cards", 409),
            Shown.documented(REFERENCE, "POST /v0/cards", 422),
            Shown.documented(REFERENCE, "POST /v0/external-accounts", 422),
            Shown.replayed(REFERENCE, "GET /v0/entities", 429, "The second request in a minute, on a sandbox that allows one",
                    """
                    {"path": "/v0/entities?limit=1", "headers": {"Authorization": "Bearer lm_key_sandbox_all"},
                     "sandbox": {"rate_limit": 1},
                     "given": [{"method": "GET", "path": "/v0/entities?limit=1",
                                "headers": {"Authorization": "Bearer lm_key_sandbox_all"}}]}
                    """),
            // reference.md, Rules: card authorizations
            Shown.replayed(REFERENCE, "POST /_sandbox/cards/{card_id}/authorizations", 200,
                    "A $600 payment on a card whose per-transaction limit is $500, declined",
                    """
                    {"path": "/_sandbox/cards/card_0000006ffif7l9i19ra5/authorizations",
                     "headers": {"Content-Type": "application/json"},
                     "body": {"amount": 60000, "merchant_category_code": "5943", "merchant_country": "US"}}
                    """),
            Shown.replayed(REFERENCE, "GET /v0/card-authorizations", 404, "Card authorizations on /v0: no such route",
                    """
                    {"path": "/v0/card-authorizations?card_id=card_0000006ffif7l9i19ra5",
                     "headers": {"Authorization": "Bearer lm_key_sandbox_all"}}
                    """),
            // reference.md, Rules: check deposits without account_id
            Shown.replayed(REFERENCE, "GET /v0/check-deposits", 200, "Without account_id: every check deposit the key sees",
                    """
                    {"path": "/v0/check-deposits?limit=2", "headers": {"Authorization": "Bearer lm_key_sandbox_one"}}
                    """),
            // reference.md, Rules: sandboxes on demand
            Shown.replayed(REFERENCE, "POST /_sandbox/sandboxes", 400, "A name of 201 characters",
                    """
                    {"path": "/_sandbox/sandboxes", "headers": {"Content-Type": "application/json"},
                     "body": {"name": "%s"}}
                    """.formatted("n".repeat(201))),
            // remittances.md: the parsed ERA of a remittance whose money has not arrived, for a client in any language
            Shown.replayed(REMITTANCES, "GET /_sandbox/remittances/{remittance_id}/era", 200,
                    "The ERA of a payment whose money comes in three days",
                    """
                    {"path": "/_sandbox/remittances/remittance_{era}/era",
                     "given": [{"method": "POST", "path": "/_sandbox/insurance-payments",
                                "headers": {"Content-Type": "application/json"},
                                "body": {"account_id": "account_0000000ptmhjx1gxm2mi", "payer": {"name": "CIGNA", "id": "62308"},
                                         "payment_delay": "P3D",
                                         "claims": [{"patient_control_number": "PCN-2207", "charged_amount": 30000,
                                                     "paid_amount": 24000}]},
                                "capture": {"era": {"pointer": "/era/id", "after": "era_"}}}]}
                    """));

    private static JsonNode served;

    @BeforeAll
    static void read() throws Exception {
        served = ShownAnswers.servedDocument();
    }

    @Test
    void everyPageHoldsTheBlockOfEachAnswerItShows() throws Exception {
        List<String> missing = new ArrayList<>();
        Path written = Path.of("target", "page-answers");
        for (int i = 0; i < SHOWN.size(); i++) {
            Shown shown = SHOWN.get(i);
            String block = block(shown);
            String page = Files.readString(shown.page(), StandardCharsets.UTF_8);
            if (!page.contains(block)) {
                Files.createDirectories(written);
                Files.writeString(written.resolve(i + ".md"), block + "\n", StandardCharsets.UTF_8);
                missing.add(shown.page().getFileName() + " should show, for " + shown.operation() + " " + shown.status()
                        + " (" + written.resolve(i + ".md") + "):\n\n" + block + "\n");
            }
        }
        assertThat(missing).as("answers the pages must show exactly as the sandbox gives them (each block is written"
                + " under target/page-answers, to paste where the page shows it)").isEmpty();
    }

    /** Where the pages tell a frontend developer how long a sandbox's name may be, they say what the schema says. */
    @Test
    void thePagesStateTheLimitOfASandboxsNameTheSchemaSets() throws Exception {
        JsonNode name = served.at("/paths/~1_sandbox~1sandboxes/post/requestBody/content/application~1json/schema");
        if (name.has("$ref")) {
            name = served.at(name.get("$ref").asText().substring(1));
        }
        name = name.at("/properties/name");
        String limit = "1 to " + name.path("maxLength").asInt() + " characters";
        assertThat(name.path("minLength").asInt()).isEqualTo(1);
        for (String page : List.of("reference.md", "frontend.md", "javascript.md")) {
            assertThat(Files.readString(Path.of("..", "docs", page)).replaceAll("\\s+", " ")).as(page).contains(limit);
        }
    }

    /** The block the page shows: the document's example, or the request replayed now with its answer. */
    static String block(Shown shown) throws Exception {
        if (shown.request() == null) {
            String block = ShownAnswers.block(served, shown.operation(), String.valueOf(shown.status()));
            assertThat(block).as("the served document's example of %s %s", shown.operation(), shown.status()).isNotNull();
            return block;
        }
        String method = shown.operation().substring(0, shown.operation().indexOf(' '));
        ObjectNode request = (ObjectNode) Json.MAPPER.readTree(shown.request());
        ExampleReplay.Answer answer = ExampleReplay.replay(method, request);
        assertThat(answer.status()).as("%s: %s", shown.summary(), answer.body()).isEqualTo(shown.status());
        ObjectNode example = Json.MAPPER.createObjectNode().put("summary", shown.summary());
        example.putObject("x-request").put("method", method).setAll(request);
        example.set("value", answer.body());
        return ShownAnswers.block(String.valueOf(answer.status()), answer.contentType(), example);
    }
}
