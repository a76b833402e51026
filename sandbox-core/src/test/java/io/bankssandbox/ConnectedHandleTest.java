package io.bankssandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * What only a connected handle has to get right (the sections' rules run through both ways in by the
 * {@code *OverHttpTest} suites): what its close does, the admin token, the refusals of a server, a
 * server that is gone, and what it cannot do.
 */
class ConnectedHandleTest {

    @Test
    void closingTheHandleOfAServersOwnSandboxOnlyLetsGoOfIt() {
        try (Sandbox server = Sandbox.start()) {
            Sandbox connected = Sandbox.connect(URI.create(server.baseUrl() + "/"));
            assertThat(connected.baseUrl()).isEqualTo(server.baseUrl());
            assertThat(connected.port()).isEqualTo(server.port());
            connected.inboundAch().simulate(connected.accounts().named("Riverside Operating").id(), 1_00);

            connected.close();

            assertThat(server.inboundAch().all()).hasSize(server.inboundAch().all().size()); // still answers
            assertThat(Sandbox.connect(URI.create(server.baseUrl())).journal().requests()).isEmpty();
        }
    }

    @Test
    void theAdminTokenIsCarriedOnEveryCallAndItsAbsenceIsTheRoutes401() {
        try (Sandbox server = Sandbox.start(SandboxConfig.builder().adminToken("control-secret").build())) {
            URI base = URI.create(server.baseUrl());
            assertThatThrownBy(() -> Sandbox.connect(base))
                    .isInstanceOfSatisfying(SandboxException.class, refused -> {
                        assertThat(refused.status()).isEqualTo(401);
                        assertThat(refused.messages()).containsExactly("Unauthorized");
                    });
            assertThatThrownBy(() -> Sandbox.connect(base, "not-it")).isInstanceOf(SandboxException.class)
                    .hasMessage("401: Unauthorized");

            Sandbox connected = Sandbox.connect(base, "control-secret");
            Account operating = connected.accounts().named("Riverside Operating"); // a /v0 read as the operator
            connected.clock().advance(Duration.ofMinutes(5));                      // a control call
            assertThat(connected.apiKeys()).extracting(SandboxConfig.ApiKey::key)
                    .containsExactlyElementsOf(server.apiKeys().stream().map(SandboxConfig.ApiKey::key).toList());
            assertThat(connected.accounts().get(operating.id())).isEqualTo(server.accounts().get(operating.id()));
        }
    }

    @Test
    void aRefusalIsTheRoutesStatusAndMessages() {
        try (Sandbox server = Sandbox.start()) {
            Sandbox connected = Sandbox.connect(URI.create(server.baseUrl()));
            SandboxException inProcess = catchRefusal(() -> server.cards().authorize("card_nope", 1_00, "5411"));
            SandboxException overHttp = catchRefusal(() -> connected.cards().authorize("card_nope", 1_00, "5411"));
            assertThat(overHttp.status()).isEqualTo(404);
            assertThat(overHttp.messages()).isEqualTo(inProcess.messages());

            SandboxException invalid = catchRefusal(() -> connected.cards().authorize(
                    connected.cards().named("Office supplies").id(), CardPayment.of(0, "54")));
            assertThat(invalid.status()).isEqualTo(400);
            assertThat(invalid.messages()).isEqualTo(catchRefusal(() -> server.cards().authorize(
                    server.cards().named("Office supplies").id(), CardPayment.of(0, "54"))).messages());
        }
    }

    private static SandboxException catchRefusal(Runnable call) {
        try {
            call.run();
        } catch (SandboxException e) {
            return e;
        }
        throw new AssertionError("no refusal");
    }

    @Test
    void theStateTravelsAsADocumentAndAsAStream() throws Exception {
        try (Sandbox server = Sandbox.start()) {
            Sandbox connected = Sandbox.connect(URI.create(server.baseUrl()));
            ByteArrayOutputStream exported = new ByteArrayOutputStream();
            connected.exportState(exported);
            assertThat(io.bankssandbox.internal.state.Json.MAPPER.readTree(exported.toByteArray()))
                    .isEqualTo(server.exportState());

            String account = server.accounts().named("Riverside Operating").id();
            var before = server.inboundAch().of(account);
            server.inboundAch().simulate(account, 7_00);
            connected.importState(new ByteArrayInputStream(exported.toByteArray()));
            assertThat(server.inboundAch().of(account)).isEqualTo(before);

            assertThatThrownBy(() -> connected.importState(new ByteArrayInputStream(
                    "{\"entities\": 7}".getBytes(StandardCharsets.UTF_8))))
                    .isInstanceOfSatisfying(SandboxException.class, refused -> assertThat(refused.status()).isEqualTo(400));
        }
    }

    @Test
    void aServerThatIsGoneIsNamedInTheFailure() {
        Sandbox server = Sandbox.start();
        Sandbox connected = Sandbox.connect(URI.create(server.baseUrl()));
        server.close();

        assertThatThrownBy(() -> connected.clock().now()).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining(server.baseUrl()).hasMessageContaining("GET /_sandbox/clock");
        assertThatThrownBy(() -> Sandbox.connect(URI.create(server.baseUrl())))
                .isInstanceOf(UncheckedIOException.class).hasMessageContaining("is it still running?");
        connected.close(); // a host sandbox's handle lets go; nothing to reach
    }

    @Test
    void anAddressThatIsNoSandboxsIsRefusedAtOnce() {
        assertThatThrownBy(() -> Sandbox.connect(URI.create("ftp://127.0.0.1:1")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Sandbox.connect(URI.create("http://127.0.0.1:8080/?x=1")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Sandbox.connect(URI.create("/v0")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void whiteBoxAccessSaysTheSandboxRunsElsewhere() {
        try (Sandbox server = Sandbox.start()) {
            Sandbox connected = Sandbox.connect(URI.create(server.baseUrl()));
            assertThatThrownBy(connected::server).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(server.baseUrl());
        }
    }
}
