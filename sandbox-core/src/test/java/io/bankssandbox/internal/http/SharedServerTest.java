package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.testing.ApiClient;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/** Every sandbox of a JVM is mounted on one Jetty server; each still answers only its own port, with its own state. */
@Isolated("compares the JVM's live threads before and after: no other sandbox may start or stop any meanwhile")
class SharedServerTest {
    private static final Map<String, Object> CARD = Map.of("bank_account_id", "account_0000000ptmhjx1gxm2mi",
            "nickname", "Only in the first", "authorization_controls", Map.of("usage", Map.of("category", "multi_use",
                    "multi_use", Map.of("spending_limits", List.of(Map.of("interval", "per_day", "amount", 100_000))))));

    @Test
    void twoSandboxesOnTheSharedServerNeverSeeEachOthersState() {
        try (Sandbox first = Sandbox.start(); Sandbox second = Sandbox.start()) {
            assertThat(first.port()).isNotEqualTo(second.port());
            ApiClient one = new ApiClient(first.baseUrl(), first.apiKey());
            ApiClient two = new ApiClient(second.baseUrl(), second.apiKey());

            ApiClient.Response created = one.post("/v0/cards", CARD);
            assertThat(created.status()).as(created.toString()).isEqualTo(201);
            String id = created.json().get("id").asText();

            assertThat(one.get("/v0/cards/" + id).status()).isEqualTo(200);
            assertThat(two.get("/v0/cards/" + id).status()).isEqualTo(404);
            assertThat(first.journal().requests()).hasSize(2);
            assertThat(second.journal().requests()).hasSize(1);
        }
    }

    @Test
    void aClosedSandboxsPortRefusesConnectionsWhileTheOthersServe() {
        Sandbox staying = Sandbox.start();
        try {
            Sandbox leaving = Sandbox.start();
            int port = leaving.port();
            leaving.close();

            assertThat(listening(port)).isFalse();
            assertThat(new ApiClient(staying.baseUrl(), staying.apiKey()).get("/v0/entities").status()).isEqualTo(200);
        } finally {
            staying.close();
        }
    }

    @Test
    @Tag("stress") // many threads at once: -Dpit.excludedGroups=stress leaves it out of a mutation run
    void sandboxesStartedAtOnceFromManyThreadsEachServeTheirOwnPort() throws Exception {
        int count = 6;
        ExecutorService threads = Executors.newFixedThreadPool(count);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Sandbox>> starting = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            starting.add(threads.submit(() -> {
                go.await();
                return Sandbox.start();
            }));
        }
        go.countDown();
        List<Sandbox> started = new ArrayList<>();
        try {
            for (Future<Sandbox> sandbox : starting) {
                started.add(sandbox.get());
            }
            assertThat(started.stream().map(Sandbox::port).distinct()).hasSize(count);
            for (Sandbox sandbox : started) {
                assertThat(new ApiClient(sandbox.baseUrl(), sandbox.apiKey()).get("/v0/entities").status()).isEqualTo(200);
                assertThat(sandbox.journal().requests()).hasSize(1);
            }
        } finally {
            started.forEach(Sandbox::close);
            threads.shutdownNow();
        }
    }

    @Test
    void aPortInUseFailsTheStartAndLeavesNothingMounted() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            SandboxConfig onTakenPort = SandboxConfig.builder().port(taken.getLocalPort()).build();
            assertThatThrownBy(() -> Sandbox.start(onTakenPort)).hasRootCauseInstanceOf(java.net.BindException.class);
        }
        try (Sandbox after = Sandbox.start()) {
            assertThat(new ApiClient(after.baseUrl(), after.apiKey()).get("/v0/entities").status()).isEqualTo(200);
        }
    }

    @Test
    void theSharedServersThreadsNeverKeepTheJvmAlive() {
        try (Sandbox sandbox = Sandbox.start()) {
            assertThat(new ApiClient(sandbox.baseUrl(), sandbox.apiKey()).get("/v0/entities").status()).isEqualTo(200);
            assertThat(Thread.getAllStackTraces().keySet())
                    .filteredOn(thread -> thread.getName().startsWith("banks-sandbox-http"))
                    .isNotEmpty()
                    .allMatch(Thread::isDaemon);
        }
    }

    @Test
    void aSandboxStartsNoNonDaemonThreadSoAProgramEndsWhenItsLastSandboxCloses() {
        Set<Thread> before = nonDaemonThreads();
        try (Sandbox sandbox = Sandbox.start()) {
            assertThat(new ApiClient(sandbox.baseUrl(), sandbox.apiKey()).get("/v0/entities").status()).isEqualTo(200);
            // not even a short-lived one (Javalin's startup watcher sleeps 5 s): checked at once, no waiting
            Set<Thread> started = nonDaemonThreads();
            started.removeAll(before);
            assertThat(started).extracting(Thread::getName).isEmpty();
        }
    }

    private static Set<Thread> nonDaemonThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.isAlive() && !t.isDaemon())
                .collect(Collectors.toCollection(HashSet::new));
    }

    private static boolean listening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
