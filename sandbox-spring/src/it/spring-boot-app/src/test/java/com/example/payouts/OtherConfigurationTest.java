package com.example.payouts;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.Sandbox;
import io.bankssandbox.spring.EnableBanksSandbox;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.web.client.RestClient;

/**
 * Another seed is another configuration: its own context and sandbox, while the cached one keeps
 * running. This one runs the application on its real server (Tomcat or Jetty, as the build chose).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@EnableBanksSandbox(baseUrlProperty = "bank.base-url", apiKeyProperty = "bank.api-key", seed = 7)
@Order(4)
class OtherConfigurationTest {
    @Autowired ApplicationContext context;
    @Autowired Environment environment;
    @Autowired Sandbox sandbox;

    @Test
    void getsItsOwnContextAndSandboxAndTheCachedOneStillAnswersAtItsAddress() {
        Sightings.Seen shared = Sightings.BY_CLASS.get(SharedContextFirstTest.class);
        Sightings.Seen now = Sightings.note(OtherConfigurationTest.class, context, sandbox);

        assertThat(now.context()).isNotSameAs(shared.context());
        assertThat(now.sandbox().baseUrl()).isNotEqualTo(shared.sandbox().baseUrl());
        assertThat(now.baseUrlProperty()).isEqualTo(sandbox.baseUrl());
        // never a stale port: the cached context's property still names a sandbox that answers
        String health = RestClient.create(shared.baseUrlProperty()).get().uri("/_sandbox/health").retrieve()
                .body(String.class);
        assertThat(health).contains("\"status\":\"ok\"");
    }

    @Test
    void theApplicationsServerCallsItsSandbox() throws Exception {
        assertThat(Sightings.webServer(context)).startsWith(System.getProperty("expected.server"));

        HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + environment.getProperty("local.server.port") + "/payouts/4713/card"))
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(answer.statusCode()).isEqualTo(201);
        assertThat(answer.body()).contains("\"card_id\":\"card_");
        assertThat(sandbox.journal().requests("POST", "/v0/cards")).singleElement()
                .satisfies(post -> assertThat(post.idempotencyKey()).isEqualTo("order-4713"));
    }
}
