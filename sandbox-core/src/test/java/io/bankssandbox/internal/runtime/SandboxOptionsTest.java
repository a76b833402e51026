package io.bankssandbox.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.clock.ClockMode;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class SandboxOptionsTest {

    @Test
    void everyOptionReachesTheConfigAndTheRestStaysAtTheDefaults() {
        SandboxConfig config = new SandboxOptions("clinic", ClockMode.RUNNING, "2026-04-01T08:00:00Z", 7)
                .toConfig("@Test on here");

        assertThat(config).isEqualTo(SandboxConfig.builder().fixtures("clinic").clockMode(ClockMode.RUNNING)
                .start(Instant.parse("2026-04-01T08:00:00Z")).seed(7).build());
    }

    @Test
    void webhookUrlsBecomeTheConfigsEndpointsInTheirOrder() {
        SandboxConfig config = new SandboxOptions("default", ClockMode.FROZEN, "", 42,
                List.of("inbox", "http://127.0.0.1:9/hooks")).toConfig("here");

        assertThat(config.webhooks()).containsExactly("inbox", "http://127.0.0.1:9/hooks");
        assertThat(config).isEqualTo(SandboxConfig.builder().webhook("inbox").webhook("http://127.0.0.1:9/hooks").build());
        assertThat(new SandboxOptions("default", ClockMode.FROZEN, "", 42).toConfig("here").webhooks()).isEmpty();
    }

    @Test
    void blankStartLeavesTheFixtureSetsClock() {
        assertThat(new SandboxOptions("default", ClockMode.FROZEN, "", 42).toConfig("here").start()).isNull();
    }

    @Test
    void startThatIsNotAnInstantNamesTheAnnotationAndTheExpectedForm() {
        assertThatThrownBy(() -> new SandboxOptions("default", ClockMode.FROZEN, "tomorrow", 42)
                .toConfig("@EnableBanksSandbox on com.example.PayoutTest"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("@EnableBanksSandbox on com.example.PayoutTest: start = \"tomorrow\" is not an ISO 8601"
                        + " instant such as 2026-03-02T15:00:00Z");
    }
}
