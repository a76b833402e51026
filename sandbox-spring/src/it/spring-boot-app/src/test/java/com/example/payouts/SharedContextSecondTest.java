package com.example.payouts;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.Sandbox;
import io.bankssandbox.spring.EnableBanksSandbox;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

/** The same configuration as SharedContextFirstTest: Spring's cached context, and with it the same sandbox, reset. */
@SpringBootTest
@EnableBanksSandbox(baseUrlProperty = "bank.base-url", apiKeyProperty = "bank.api-key")
@Order(3)
class SharedContextSecondTest {
    @Autowired ApplicationContext context;
    @Autowired Sandbox sandbox;

    @Test
    void reusesTheCachedContextAndItsSandboxFromTheFixtureState() {
        Sightings.Seen first = Sightings.BY_CLASS.get(SharedContextFirstTest.class);
        Sightings.Seen now = Sightings.note(SharedContextSecondTest.class, context, sandbox);

        assertThat(now.context()).isSameAs(first.context());
        assertThat(now.sandbox()).isSameAs(first.sandbox());
        assertThat(now.baseUrlProperty()).isEqualTo(sandbox.baseUrl());
        assertThat(sandbox.journal().requests()).isEmpty();     // the first class's card request is gone
    }
}
