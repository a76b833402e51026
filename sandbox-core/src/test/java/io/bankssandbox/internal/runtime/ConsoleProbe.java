package io.bankssandbox.internal.runtime;

import io.bankssandbox.Sandbox;
import io.bankssandbox.Account;
import io.bankssandbox.InsurancePayment;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * A user's test run in a JVM of its own ({@link ConsoleOutputTest} starts it): two sandboxes, each
 * used the way tests use one (an insurance payment with its X12 835, a refused request, an unknown
 * route), then closed. Everything it prints itself is the last line, {@code PROBE-END}.
 */
public final class ConsoleProbe {
    public static void main(String[] args) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        for (int i = 0; i < 2; i++) {
            try (Sandbox sandbox = Sandbox.start()) {
                Account operating = sandbox.accounts().named("Riverside Operating");
                InsurancePayment.Received payment = sandbox.insurancePayments().receive(InsurancePayment.into(operating.id()).from("AETNA", "60054")
                        .claim(InsurancePayment.claim("PCN-1", 30_00, 25_00).patientResponsibility(5_00)));
                sandbox.inboundAch().accept(payment.inboundAchTransfer().id());
                sandbox.eras().x12(sandbox.eras().remittances(operating.entityId()).get(0).id());
                for (String path : new String[] {"/v0/cards", "/v0/nothing"}) {
                    HttpRequest request = HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path))
                            .header("Authorization", "Bearer " + sandbox.apiKey())
                            .header("Idempotency-Key", "probe-key-" + i)
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString("{\"unknown\": 1}")).build();
                    http.send(request, HttpResponse.BodyHandlers.discarding());
                }
            }
        }
        System.out.println("PROBE-END");
    }
}
