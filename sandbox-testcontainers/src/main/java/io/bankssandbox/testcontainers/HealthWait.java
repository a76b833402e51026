package io.bankssandbox.testcontainers;

import com.github.dockerjava.api.command.InspectContainerResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;

/**
 * Waits until {@code /_sandbox/health} answers 200, and gives up as soon as the container has exited.
 * Testcontainers' own {@code HttpWaitStrategy} asks only the port, so a container that exits at once (a bad
 * option, a missing fixture set) kept the caller waiting for the whole start timeout, two minutes, before
 * the error with its log came.
 */
final class HealthWait extends AbstractWaitStrategy {
    /** Between two asks: a JVM starting takes a second or more, an exit is seen within this. */
    private static final Duration PAUSE = Duration.ofMillis(250);

    private final String adminToken;

    /** {@code adminToken}: sent as the bearer token when the container's control API wants one (null: none). */
    HealthWait(String adminToken) {
        this.adminToken = adminToken;
        // room for a JVM starting on a loaded two-core CI machine (Testcontainers' default is 60 s)
        withStartupTimeout(Duration.ofSeconds(120));
    }

    @Override
    protected void waitUntilReady() {
        URI health = URI.create("http://" + waitStrategyTarget.getHost() + ":"
                + waitStrategyTarget.getMappedPort(BanksSandboxContainer.PORT) + "/_sandbox/health");
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        long deadline = System.nanoTime() + startupTimeout.toNanos();
        while (true) {
            String exited = exited();
            if (exited != null) {
                throw new ContainerLaunchException("the container " + exited + " before " + health + " answered");
            }
            if (answers(client, health)) {
                return;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new ContainerLaunchException(health + " did not answer 200 within " + startupTimeout);
            }
            try {
                Thread.sleep(PAUSE.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ContainerLaunchException("interrupted while waiting for " + health, e);
            }
        }
    }

    /** "exited with code N" once the engine says the container has stopped; null while it runs (or cannot say). */
    private String exited() {
        InspectContainerResponse.ContainerState state;
        try {
            state = waitStrategyTarget.getCurrentContainerInfo().getState();
        } catch (RuntimeException engineBusy) {
            return null; // a slow or failed inspect is no proof of an exit: ask again next round
        }
        if (state == null || Boolean.TRUE.equals(state.getRunning())
                || !("exited".equals(state.getStatus()) || "dead".equals(state.getStatus()))) {
            return null;
        }
        return "exited with code " + state.getExitCodeLong();
    }

    private boolean answers(HttpClient client, URI health) {
        HttpRequest.Builder ask = HttpRequest.newBuilder(health).timeout(Duration.ofSeconds(5)).GET();
        if (adminToken != null) {
            ask.header("Authorization", "Bearer " + adminToken);
        }
        try {
            return client.send(ask.build(), HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException notYet) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ContainerLaunchException("interrupted while waiting for " + health, e);
        }
    }
}
