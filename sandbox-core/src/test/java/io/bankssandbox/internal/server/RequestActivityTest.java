package io.bankssandbox.internal.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.internal.testing.ManualTicker;
import jakarta.servlet.GenericServlet;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What an on-demand sandbox's idle timeout measures: the time since the last request ended, and none
 * while one is under way however long it takes. The request is held inside the servlet by a latch and
 * time moves on a ticker the test moves, so nothing here depends on how fast the machine is.
 */
class RequestActivityTest {

    @Test
    void idleTimeCountsFromTheLastRequestsEndAndIsZeroWhileOneIsUnderWay() throws Exception {
        ManualTicker ticker = new ManualTicker();
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        RequestActivity activity = new RequestActivity(new GenericServlet() {
            @Override
            public void service(ServletRequest request, ServletResponse response) {
                inside.countDown();
                try {
                    release.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }, ticker);
        ticker.advance(Duration.ofSeconds(5));
        assertThat(activity.idleFor()).as("idle since it was made").isEqualTo(Duration.ofSeconds(5));

        CompletableFuture<Void> request = CompletableFuture.runAsync(() -> {
            try {
                activity.service(null, null);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(inside.await(60, TimeUnit.SECONDS)).isTrue();
        ticker.advance(Duration.ofHours(1));
        assertThat(activity.idleFor()).as("a request under way for an hour").isEqualTo(Duration.ZERO);

        release.countDown();
        request.get(60, TimeUnit.SECONDS);
        assertThat(activity.idleFor()).as("just ended").isEqualTo(Duration.ZERO);
        ticker.advance(Duration.ofSeconds(3));
        assertThat(activity.idleFor()).isEqualTo(Duration.ofSeconds(3));
    }
}
