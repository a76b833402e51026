package com.example.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bankssandbox.CardDecision;
import io.bankssandbox.CardPayment;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.junit5.BanksSandboxExtension;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The builder, for what an annotation cannot say. */
class BuilderExampleTest {

    @RegisterExtension
    static BanksSandboxExtension sandbox = BanksSandboxExtension.builder()
            .fixtures("default")                       // or a directory: .fixtures(Path.of("src/test/fixtures/clinic"))
            .fixtureDocument("policy", "{\"blocked_merchant_category_codes\": [\"5411\"], \"spending_limits\": []}")
            .apiKey("lm_key_partner", "entity_00000001nh0ctdekwudu")   // or "*" for every entity
            .seed(7)
            .config(c -> c.rateLimitPerMinute(500))   // anything else SandboxConfig.Builder offers
            .build();
    // sandbox.sandbox().baseUrl() is available from @BeforeAll on (e.g. for Spring's @DynamicPropertySource)

    @Test
    void theBuiltSandboxHasThePolicyAndTheKey(Sandbox handle) {
        CardDecision groceries = handle.cards().authorize("card_0000006ffif7l9i19ra5", CardPayment.of(10_00, "5411"));
        assertEquals(CardDecision.TRANSACTION_NOT_ALLOWED, groceries.declineReason());
        List<String> keys = handle.apiKeys().stream().map(SandboxConfig.ApiKey::key).toList();
        assertEquals(List.of("lm_key_sandbox_all", "lm_key_sandbox_one", "lm_key_partner"), keys);
        assertEquals(handle.baseUrl(), sandbox.sandbox().baseUrl());
    }
}
