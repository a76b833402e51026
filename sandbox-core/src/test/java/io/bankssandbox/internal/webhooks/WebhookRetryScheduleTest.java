package io.bankssandbox.internal.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A delivery's row after each attempt, without a receiver: delivered on a 2xx, else retried after 1
 * min, 5 min, 30 min, 2 h, 8 h and 24 h of sandbox time from the failed attempt, failed after the
 * seventh; a redelivery starts a schedule of its own.
 */
class WebhookRetryScheduleTest {
    private static final Instant T0 = Instant.parse("2026-03-02T15:00:00Z");

    private static WebhookDelivery pending() {
        return new WebhookDelivery("webhook_delivery_1", "event_1", WebhookEndpoints.TRANSACTION_CREATED,
                "webhook_endpoint_1", T0, JsonNodeFactory.instance.objectNode().put("event", "transaction.created"),
                WebhookDelivery.PENDING, List.of(), T0, 0);
    }

    private static WebhookDelivery.Attempt failedAt(Instant at) {
        return new WebhookDelivery.Attempt(at, 500, null, 3);
    }

    @Test
    void eachFailedAttemptIsRetriedOneFiveThirtyMinutesTwoEightAndTwentyFourHoursLaterAndTheSeventhFails() {
        List<Duration> waits = List.of(Duration.ofMinutes(1), Duration.ofMinutes(5), Duration.ofMinutes(30),
                Duration.ofHours(2), Duration.ofHours(8), Duration.ofHours(24));
        WebhookDelivery delivery = pending();
        Instant at = T0;
        for (int i = 0; i < waits.size(); i++) {
            delivery = delivery.after(failedAt(at));
            assertThat(delivery.status()).as("after attempt %d", i + 1).isEqualTo(WebhookDelivery.PENDING);
            assertThat(delivery.isPending()).isTrue();
            assertThat(delivery.attempts()).hasSize(i + 1);
            assertThat(delivery.nextAttemptAt()).as("after attempt %d", i + 1).isEqualTo(at.plus(waits.get(i)));
            // a late attempt (the clock jumped past the due time) counts the wait from when it was made
            at = delivery.nextAttemptAt().plusSeconds(7);
        }
        WebhookDelivery failed = delivery.after(failedAt(at));
        assertThat(failed.status()).isEqualTo(WebhookDelivery.FAILED);
        assertThat(failed.isPending()).isFalse();
        assertThat(failed.nextAttemptAt()).isNull();
        assertThat(failed.attempts()).hasSize(7).last().isEqualTo(failedAt(at));
        assertThat(failed.scheduleStart()).isZero();
    }

    @ParameterizedTest
    @ValueSource(ints = {200, 201, 204, 299})
    void anAttemptAnswered2xxDeliversAndNothingMoreIsDue(int status) {
        WebhookDelivery.Attempt attempt = new WebhookDelivery.Attempt(T0.plusSeconds(1), status, null, 12);
        assertThat(attempt.succeeded()).isTrue();
        WebhookDelivery delivered = pending().after(failedAt(T0)).after(attempt);
        assertThat(delivered.status()).isEqualTo(WebhookDelivery.DELIVERED);
        assertThat(delivered.isPending()).isFalse();
        assertThat(delivered.nextAttemptAt()).isNull();
        assertThat(delivered.attempts()).containsExactly(failedAt(T0), attempt);
        assertThat(delivered).extracting(WebhookDelivery::id, WebhookDelivery::eventId, WebhookDelivery::event,
                WebhookDelivery::endpointId, WebhookDelivery::occurredAt, WebhookDelivery::body)
                .containsExactly("webhook_delivery_1", "event_1", "transaction.created", "webhook_endpoint_1", T0,
                        pending().body());
    }

    @ParameterizedTest
    @ValueSource(ints = {100, 199, 300, 302, 404, 500, 503})
    void anAttemptAnsweredWithAnythingButA2xxIsAFailureRetriedAMinuteLater(int status) {
        WebhookDelivery.Attempt attempt = new WebhookDelivery.Attempt(T0, status, null, 5);
        assertThat(attempt.succeeded()).isFalse();
        WebhookDelivery retried = pending().after(attempt);
        assertThat(retried.status()).isEqualTo(WebhookDelivery.PENDING);
        assertThat(retried.nextAttemptAt()).isEqualTo(T0.plus(Duration.ofMinutes(1)));
    }

    @Test
    void anAttemptWithNoStatusButAnErrorIsAFailure() {
        WebhookDelivery.Attempt refused = new WebhookDelivery.Attempt(T0, null, "connection refused", 1);
        assertThat(refused.succeeded()).isFalse();
        assertThat(pending().after(refused).nextAttemptAt()).isEqualTo(T0.plus(Duration.ofMinutes(1)));
    }

    @Test
    void aRedeliveryIsDueAtOnceAndGetsSevenAttemptsOfItsOwnKeepingTheEarlierOnes() {
        WebhookDelivery delivery = pending();
        for (int i = 0; i < 7; i++) {
            delivery = delivery.after(failedAt(T0.plus(Duration.ofDays(i))));
        }
        assertThat(delivery.status()).isEqualTo(WebhookDelivery.FAILED);
        Instant now = T0.plus(Duration.ofDays(10));
        WebhookDelivery again = delivery.redeliver(now);
        assertThat(again.status()).isEqualTo(WebhookDelivery.PENDING);
        assertThat(again.nextAttemptAt()).isEqualTo(now);
        assertThat(again.attempts()).isEqualTo(delivery.attempts());
        assertThat(again.scheduleStart()).isEqualTo(7);

        // the new schedule starts over: a minute after its first failure, and so on, seven attempts in all
        WebhookDelivery retried = again.after(failedAt(now));
        assertThat(retried.nextAttemptAt()).isEqualTo(now.plus(Duration.ofMinutes(1)));
        assertThat(retried.after(failedAt(now)).nextAttemptAt()).isEqualTo(now.plus(Duration.ofMinutes(5)));
        WebhookDelivery spent = again;
        for (int i = 0; i < 6; i++) {
            spent = spent.after(failedAt(now));
            assertThat(spent.status()).as("attempt %d of the redelivery", i + 1).isEqualTo(WebhookDelivery.PENDING);
        }
        spent = spent.after(failedAt(now));
        assertThat(spent.status()).isEqualTo(WebhookDelivery.FAILED);
        assertThat(spent.attempts()).hasSize(14);
        assertThat(spent.scheduleStart()).isEqualTo(7);
    }

    @Test
    void aDeliveredEventCanBeRedeliveredAndSucceedsAgain() {
        WebhookDelivery delivered = pending().after(new WebhookDelivery.Attempt(T0, 200, null, 1));
        WebhookDelivery again = delivered.redeliver(T0.plusSeconds(30));
        assertThat(again.isPending()).isTrue();
        assertThat(again.scheduleStart()).isEqualTo(1);
        WebhookDelivery twice = again.after(new WebhookDelivery.Attempt(T0.plusSeconds(30), 204, null, 1));
        assertThat(twice.status()).isEqualTo(WebhookDelivery.DELIVERED);
        assertThat(twice.attempts()).hasSize(2);
        assertThat(twice.scheduleStart()).isEqualTo(1);
    }

    @Test
    void anAbandonedDeliveryHasFailedWithItsAttemptsKeptAndNothingDue() {
        WebhookDelivery retrying = pending().after(failedAt(T0));
        WebhookDelivery abandoned = retrying.abandoned();
        assertThat(abandoned.status()).isEqualTo(WebhookDelivery.FAILED);
        assertThat(abandoned.nextAttemptAt()).isNull();
        assertThat(abandoned.attempts()).containsExactly(failedAt(T0));
        assertThat(abandoned.scheduleStart()).isZero();
        assertThat(abandoned.eventId()).isEqualTo("event_1");
    }
}
