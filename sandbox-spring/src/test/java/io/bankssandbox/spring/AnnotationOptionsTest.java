package io.bankssandbox.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.Sandbox;
import io.bankssandbox.WebhookDelivery;
import io.bankssandbox.WebhookEndpoint;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * What the builder sets, the annotation sets, without a context written by hand: a rate limit, an
 * admin token, the console output, and webhooks signed with a secret, one of them named by a property
 * of the context's environment (resolved once the context has started, as the application's
 * {@code local.server.port} is).
 */
@SpringJUnitConfig(AnnotationOptionsTest.Application.class)
@EnableBanksSandbox(seed = 601, rateLimit = 1, rateLimitWindow = "PT1H", adminToken = "spring-admin-token", output = "silent",
        webhooks = {"inbox", "${test.receiver}"}, webhookSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
@TestPropertySource(properties = "test.receiver=inbox")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AnnotationOptionsTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Configuration
    static class Application {}

    @Autowired Sandbox sandbox;

    private HttpResponse<Void> get(String path, String token) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path))
                .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.discarding());
    }

    @Test
    @Order(1)
    void theRateLimitAndTheAdminTokenHold() throws Exception {
        assertThat(get("/v0/entities", sandbox.apiKey()).statusCode()).isEqualTo(200);
        HttpResponse<Void> over = get("/v0/entities", sandbox.apiKey());
        assertThat(over.statusCode()).isEqualTo(429);
        // the whole seconds left in the window: an hour's, not a minute's
        assertThat(over.headers().firstValue("Retry-After").map(Long::parseLong).orElseThrow()).isGreaterThan(60);

        assertThat(get("/_sandbox/clock", "not-the-token").statusCode()).isEqualTo(401);
        assertThat(get("/_sandbox/clock", "spring-admin-token").statusCode()).isEqualTo(200);
    }

    @Test
    @Order(2)
    void bothWebhooksAreSignedConfigurationAndTheOneNamedByAPropertyWasAddedOnceTheContextStarted() {
        assertThat(sandbox.webhooks().endpoints()).hasSize(2).allSatisfy(endpoint -> {
            assertThat(endpoint.url()).isEqualTo(WebhookEndpoint.INBOX);
            assertThat(endpoint.signed()).isTrue();
            assertThat(endpoint.origin()).isEqualTo(WebhookEndpoint.CONFIG);
        });
        String account = sandbox.accounts().named("Riverside Operating").id();
        sandbox.inboundAch().accept(sandbox.inboundAch().simulate(account, 6_01).id());

        assertThat(sandbox.webhooks().awaitDelivered(2, WebhookDelivery.TRANSACTION_CREATED, Duration.ofSeconds(30)))
                .extracting(delivery -> delivery.transaction().amount()).containsExactly(6_01L, 6_01L);
    }

    @Test
    @Order(3)
    void theyOutliveTheResetBeforeEachTest() {
        assertThat(sandbox.webhooks().deliveries()).isEmpty();
        assertThat(sandbox.webhooks().endpoints()).hasSize(2);
    }
}
