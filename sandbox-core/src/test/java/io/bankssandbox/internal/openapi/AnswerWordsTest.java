package io.bankssandbox.internal.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.ach.InboundAchTransfer;
import io.bankssandbox.internal.cards.Card;
import io.bankssandbox.internal.cards.CardAuthorizer;
import io.bankssandbox.internal.era.Era;
import io.bankssandbox.internal.externalaccounts.ExternalAccount;
import io.bankssandbox.internal.openapi.Contracts;
import io.bankssandbox.internal.lockbox.CheckDeposit;
import io.bankssandbox.internal.transfers.AchTransfer;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Statuses, decisions and reasons are strings everywhere in the handle, the API's own words; each
 * answer record names every word its schema allows as a constant ({@code InboundAchTransfer.ACCEPTED},
 * {@code CardAuthorizer.Decision.BREACHES_LIMIT}), and only those: a word added to the OpenAPI
 * document without its constant, or a constant the document does not allow, fails here.
 */
class AnswerWordsTest {
    private static final JsonNode SCHEMAS = Contracts.openApi().document().path("components").path("schemas");

    private static Set<String> allowed(String schema, String... properties) {
        Set<String> words = new TreeSet<>();
        for (String property : properties) {
            JsonNode values = SCHEMAS.path(schema).path("properties").path(property).path("enum");
            assertThat(values.isArray()).as("%s.%s has an enum in the OpenAPI document", schema, property).isTrue();
            values.forEach(value -> {
                if (!value.isNull()) {
                    words.add(value.asText());
                }
            });
        }
        return words;
    }

    /** The values of the class's own public static final String constants. */
    private static Set<String> constants(Class<?> type) throws IllegalAccessException {
        Set<String> words = new TreeSet<>();
        for (Field field : type.getDeclaredFields()) {
            int modifiers = field.getModifiers();
            if (Modifier.isPublic(modifiers) && Modifier.isStatic(modifiers) && Modifier.isFinal(modifiers)
                    && field.getType() == String.class) {
                words.add((String) field.get(null));
            }
        }
        return words;
    }

    @Test
    void aCardAuthorizationsDecisionAndReasonAreConstantsOfDecision() throws Exception {
        assertThat(constants(CardAuthorizer.Decision.class))
                .isEqualTo(allowed("CardAuthorization", "decision", "decline_reason"));
    }

    @Test
    void everyStatusAnAnswerCanHaveIsAConstantOfItsRecord() throws Exception {
        assertThat(constants(InboundAchTransfer.class)).isEqualTo(allowed("InboundAchTransferFields", "status"));
        assertThat(constants(AchTransfer.class)).isEqualTo(allowed("AchTransferFields", "status"));
        assertThat(constants(CheckDeposit.class)).isEqualTo(allowed("CheckDeposit", "status"));
        assertThat(constants(CheckDeposit.Hold.class)).isEqualTo(allowed("CheckHold", "status"));
        assertThat(constants(Card.class)).isEqualTo(allowed("Card", "status"));
        assertThat(constants(ExternalAccount.class)).isEqualTo(allowed("ExternalAccountFields", "status"));
        assertThat(constants(Era.Claim.class)).isEqualTo(allowed("EraClaim", "status"));
        assertThat(constants(io.bankssandbox.internal.cards.CardAuthorization.class))
                .isEqualTo(allowed("HeldCardAuthorization", "status"));
        assertThat(constants(io.bankssandbox.CardAuthorization.class))
                .isEqualTo(allowed("HeldCardAuthorization", "status"));
    }

    @Test
    void aCardPaymentsSettlementsAreConstantsOfBothPaymentRecords() throws Exception {
        assertThat(constants(io.bankssandbox.CardPayment.class))
                .isEqualTo(allowed("CardAuthorizationRequest", "settlement"));
        assertThat(constants(CardAuthorizer.PaymentRequest.class))
                .isEqualTo(allowed("CardAuthorizationRequest", "settlement"));
    }

    @Test
    void theAnswersCarryTheWordsTheConstantsName() {
        CardAuthorizer.Decision approved = new CardAuthorizer.Decision(CardAuthorizer.Decision.APPROVED, null, null);
        CardAuthorizer.Decision declined = new CardAuthorizer.Decision(CardAuthorizer.Decision.DECLINED,
                CardAuthorizer.Decision.INSUFFICIENT_FUNDS, null);
        assertThat(approved.approved()).isTrue();
        assertThat(declined.approved()).isFalse();
    }
}
