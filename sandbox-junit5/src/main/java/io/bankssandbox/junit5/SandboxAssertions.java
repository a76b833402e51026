package io.bankssandbox.junit5;

import io.bankssandbox.Sandbox;


/**
 * AssertJ entry points for what a sandbox saw:
 *
 * <pre>{@code
 * assertThat(sandbox.journal())
 *         .hasRequest("POST", "/v0/cards")
 *         .withIdempotencyKey("order-4711-card")
 *         .withStatus(201)
 *         .withBodyField("nickname", "Supplies");
 * }</pre>
 *
 * Kept out of {@code sandbox-core}, so the sandbox runs without AssertJ.
 */
public final class SandboxAssertions {
    private SandboxAssertions() {}

    public static JournalAssert assertThat(Sandbox.Journal journal) {
        return new JournalAssert(journal);
    }

    /** {@code assertThat(sandbox.webhooks()).hasDelivered("transaction.created")}. */
    public static WebhooksAssert assertThat(Sandbox.Webhooks webhooks) {
        return new WebhooksAssert(webhooks);
    }
}
