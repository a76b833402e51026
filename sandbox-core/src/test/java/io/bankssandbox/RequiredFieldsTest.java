package io.bankssandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.openapi.Contracts;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A request the typed API builds cannot miss a required field: what the route's schema requires is
 * what the call that starts the request takes, so what compiles with only those is accepted, never
 * refused with a 400 for a missing field. A field the document makes required without the entry point
 * taking it fails here; so does a builder method that would let a required field be set later (and so
 * be left out).
 */
class RequiredFieldsTest extends SandboxTestBase {
    private static final JsonNode SCHEMAS = Contracts.openApi().document().at("/components/schemas");

    private static List<String> required(String schema) {
        List<String> fields = new ArrayList<>();
        SCHEMAS.path(schema).path("required").forEach(field -> fields.add(field.asText()));
        assertThat(fields).as("%s has required fields", schema).isNotEmpty();
        return fields;
    }

    private static Method entry(Class<?> type, String name, Class<?>... parameters) throws NoSuchMethodException {
        return type.getMethod(name, parameters);
    }

    /** The names of a type's public methods. */
    private static List<String> methods(Class<?> type) {
        return Arrays.stream(type.getDeclaredMethods()).filter(m -> Modifier.isPublic(m.getModifiers()))
                .map(Method::getName).toList();
    }

    @Test
    void eachEntryPointTakesEveryFieldItsSchemaRequires() throws Exception {
        // one argument per required field; a payer (name and id) is one field of two parts
        assertThat(entry(Practice.class, "named", String.class, String.class, Entity.Address.class).getParameterCount())
                .isEqualTo(required("OnboardEntityRequest").size());
        int payment = entry(InsurancePayment.class, "into", String.class).getParameterCount()
                + (InsurancePayment.PayerStep.class.getMethod("from", String.class, String.class).getParameterCount() - 1)
                + InsurancePayment.ClaimStep.class.getMethod("claim", InsurancePayment.ClaimBuilder.class).getParameterCount();
        assertThat(payment).isEqualTo(required("InsurancePaymentRequest").size());
        assertThat(required("EraPartyInput")).hasSize(2); // the two parts of from(name, id)
        assertThat(entry(InsurancePayment.class, "claim", String.class, long.class, long.class).getParameterCount())
                .isEqualTo(required("EraClaimInput").size());
        assertThat(entry(InsurancePayment.class, "line", String.class, long.class, long.class).getParameterCount())
                .isEqualTo(required("EraServiceLineInput").size());
        assertThat(entry(InboundAchTransfer.Arrival.class, "of", String.class, long.class).getParameterCount())
                .isEqualTo(required("SimulateInboundAchTransferRequest").size());
        // the wire takes a payment by its amount alone (a test about money, at the default category); the
        // typed payment also names its category, because limits and blocks are decided on it
        assertThat(required("CardAuthorizationRequest")).containsExactly("amount");
        assertThat(entry(CardPayment.class, "of", long.class, String.class).getParameterCount())
                .isEqualTo(required("CardAuthorizationRequest").size() + 1);
        // a fault's status is required unless it closes the connection (the schema's if/then): each way in takes what it needs
        assertThat(entry(Fault.class, "closingConnection", String.class, String.class).getParameterCount())
                .isEqualTo(required("FaultRequest").size());
        assertThat(entry(Fault.class, "of", String.class, String.class, int.class).getParameterCount())
                .isEqualTo(required("FaultRequest").size() + 1);
        assertThat(entry(WebhookEndpoint.Registration.class, "of", String.class).getParameterCount())
                .isEqualTo(required("WebhookEndpointRequest").size());
        assertThat(entry(MailItem.IncomingCheck.class, "submitted", long.class).getParameterCount())
                .isEqualTo(required("SimulatedCheck").size());
    }

    @Test
    void noBuilderSetsARequiredFieldLaterNorStartsWithoutOne() {
        assertThat(methods(InsurancePayment.class)).doesNotContain("builder");
        assertThat(methods(InsurancePayment.PayerStep.class)).containsExactly("from");
        assertThat(methods(InsurancePayment.ClaimStep.class)).containsExactly("claim");
        assertThat(methods(InsurancePayment.Builder.class)).doesNotContain("account", "payer");
        assertThat(methods(InsurancePayment.ClaimBuilder.class)).doesNotContain("charged", "paid");
        assertThat(methods(InsurancePayment.LineBuilder.class)).doesNotContain("charged", "paid");
        assertThat(methods(Practice.class)).doesNotContain("withAddress");
    }

    @Test
    void whatCompilesWithOnlyTheRequiredArgumentsIsAccepted() {
        Account operating = sandbox.accounts().named("Riverside Operating");
        Entity practice = sandbox.entities().onboard(Practice.named("Hillside Clinic", Entity.LLC,
                new Entity.Address("1 Hill Rd", null, "Denver", "CO", "80202")));
        assertThat(practice.address().line2()).isEmpty();

        InsurancePayment.Received paid = sandbox.insurancePayments().receive(InsurancePayment.into(operating.id())
                .from("AETNA", "60054").claim(InsurancePayment.claim("PCN-1", 100_00, 80_00)
                        .serviceLine(InsurancePayment.line("99213", 100_00, 80_00).adjustment("CO", "45", 20_00))));
        assertThat(paid.era().payment().amount()).isEqualTo(80_00);

        assertThat(sandbox.inboundAch().simulate(InboundAchTransfer.Arrival.of(operating.id(), 1_00)).status())
                .isEqualTo(InboundAchTransfer.PENDING);
        String card = sandbox.cards().named("Office supplies").id();
        assertThat(sandbox.cards().authorize(card, CardPayment.of(1_00, "5411")).approved()).isTrue();
        assertThat(sandbox.faults().inject(Fault.of("GET", "/v0/accounts", 503))).hasSize(1);
        assertThat(sandbox.faults().inject(Fault.closingConnection("GET", "/v0/accounts"))).hasSize(2);
        assertThat(sandbox.webhooks().subscribe(WebhookEndpoint.Registration.of(WebhookEndpoint.INBOX)
                .forEvents(WebhookDelivery.ENTITY_CONNECTED)).events()).containsExactly(WebhookDelivery.ENTITY_CONNECTED);
        assertThat(sandbox.lockbox().receiveMail(operating.entityId(), MailItem.Incoming.withChecks(5_00)).amount())
                .isEqualTo(5_00);
    }

    @Test
    void aNullWhereTheCompilerAskedForAValueIsRefusedAtOnceNotByTheRoute() {
        assertThatThrownBy(() -> Practice.named("No Address", Entity.LLC, null))
                .isInstanceOf(NullPointerException.class).hasMessage("a practice needs its postal address");
    }
}
