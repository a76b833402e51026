package io.bankssandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.accounts.AccountView;
import io.bankssandbox.internal.cards.CardAuthorizer;
import io.bankssandbox.internal.cards.SpendingLimit;
import io.bankssandbox.internal.entities.EntityView;
import io.bankssandbox.internal.era.EraView;
import io.bankssandbox.internal.era.InsurancePaymentView;
import io.bankssandbox.internal.era.RemittanceView;
import io.bankssandbox.internal.lockbox.CheckDepositView;
import io.bankssandbox.internal.lockbox.MailItemView;
import io.bankssandbox.internal.requests.JournalEntry;
import io.bankssandbox.internal.transactions.TransactionView;
import io.bankssandbox.internal.transfers.AchTransferView;
import io.bankssandbox.internal.webhooks.WebhookLog;
import io.bankssandbox.internal.webhooks.WebhooksFeature;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The implementation's records as the API's values: each takes what the HTTP route renders (its
 * view) and gives the public record of the same fields, so a typed read and a GET agree field by field.
 */
final class Values {
    private Values() {}

    static Entity entityView(EntityView e) {
        return new Entity(e.id(), e.createdAt(), e.name(), e.structure(), e.npi(), address(e.address()));
    }

    static Entity entity(io.bankssandbox.internal.entities.Entity e) {
        return entityView(EntityView.of(e));
    }

    private static Entity.Address address(io.bankssandbox.internal.entities.Entity.Address a) {
        return a == null ? null : new Entity.Address(a.line1(), a.line2(), a.city(), a.state(), a.postalCode());
    }

    static Account account(io.bankssandbox.internal.accounts.Account a) {
        return accountView(AccountView.of(a));
    }

    static Account accountView(AccountView v) {
        return new Account(v.id(), v.entityId(), v.name(), v.accountNumber(), v.routingNumber(), v.totalBalance(),
                v.availableBalance(), v.openedAt());
    }

    static Transaction transaction(io.bankssandbox.internal.accounts.Transaction t) {
        return transactionView(TransactionView.of(t));
    }

    static Transaction transactionView(TransactionView v) {
        String category = (String) v.source().get("category");
        Object ids = v.source().get(category);
        return new Transaction(v.id(), v.accountId(), v.amount(), v.occurredAt(), v.description(), category,
                firstValue(ids), ids instanceof Map<?, ?> map ? (String) map.get(CARD_AUTHORIZATION_ID) : null,
                counterparty(v.counterparty()));
    }

    private static Transaction.Counterparty counterparty(Map<String, Object> counterparty) {
        if (counterparty == null) {
            return null;
        }
        String type = (String) counterparty.get("type");
        return new Transaction.Counterparty(type, firstValue(counterparty.get(type)));
    }

    /** The id beside a card settlement's {@code card_id} when it settles a held payment. */
    private static final String CARD_AUTHORIZATION_ID = "card_authorization_id";

    /** The record's id a {@code {<name>_id: id, ...}} object carries first; null for an empty one. */
    private static String firstValue(Object ids) {
        if (ids instanceof Map<?, ?> map && !map.isEmpty()) {
            return String.valueOf(map.values().iterator().next());
        }
        return null;
    }

    /** A transaction as a webhook body or an answer writes it. */
    static Transaction transactionInBody(JsonNode t) {
        String category = t.path("source").path("category").asText();
        JsonNode counterparty = t.get("counterparty");
        Transaction.Counterparty other = null;
        if (counterparty != null && !counterparty.isNull()) {
            String type = counterparty.path("type").asText();
            other = new Transaction.Counterparty(type, firstValue(counterparty.path(type)));
        }
        JsonNode ids = t.path("source").path(category);
        return new Transaction(t.path("id").asText(), t.path("account_id").asText(), t.path("amount").asLong(),
                Instant.parse(t.path("occurred_at").asText()), t.path("description").asText(), category,
                firstValue(ids), ids.hasNonNull(CARD_AUTHORIZATION_ID) ? ids.get(CARD_AUTHORIZATION_ID).asText() : null,
                other);
    }

    private static String firstValue(JsonNode ids) {
        Iterator<JsonNode> values = ids.elements();
        return ids.isObject() && values.hasNext() ? values.next().asText() : null;
    }

    /** An entity as a webhook body writes it. */
    static Entity entityInBody(JsonNode e) {
        JsonNode npi = e.get("npi");
        return new Entity(e.path("id").asText(), null, e.path("name").asText(), e.path("structure").asText(),
                npi == null || npi.isNull() ? null : npi.asText(), null);
    }

    static CardDecision decision(CardAuthorizer.Decision d) {
        return new CardDecision(d.decision(), d.declineReason(), limit(d.limit()),
                d.authorization() == null ? null : cardAuthorization(d.authorization()));
    }

    static CardAuthorization cardAuthorization(io.bankssandbox.internal.cards.CardAuthorization a) {
        return new CardAuthorization(a.id(), a.cardId(), a.accountId(), a.amount(), a.merchantCategoryCode(),
                a.merchantCountry(), a.status(), a.createdAt(), a.expiresAt(), a.settledAmount(), a.settledAt(),
                a.transactionId(), a.reversedAt(), a.expiredAt());
    }

    static Card card(io.bankssandbox.internal.cards.CardView v) {
        return new Card(v.id(), v.createdAt(), v.entityId(), v.bankAccountId(), v.nickname(), v.last4(), v.status(),
                v.authorizationControls().usage().multiUse().spendingLimits().stream().map(Values::limit).toList(),
                v.authorizationControls().merchantCategoryCode().blocked());
    }

    private static Card.SpendingLimit limit(SpendingLimit limit) {
        return limit == null ? null : new Card.SpendingLimit(limit.interval().wireName(), limit.amount(),
                limit.merchantCategoryCodes() == null ? null : List.copyOf(limit.merchantCategoryCodes()));
    }

    static InboundAchTransfer transfer(io.bankssandbox.internal.ach.InboundAchTransfer t) {
        return new InboundAchTransfer(t.id(), t.accountId(), t.amount(), t.status(), t.standardEntryClassCode(),
                t.effectiveDate(), t.automaticallyResolvesAt(), t.originatorCompanyName(),
                t.originatorCompanyEntryDescription(), t.traceNumber(), t.transactionId(), t.settledAt(), t.acceptedAt(),
                t.declined() == null ? null : new InboundAchTransfer.Declined(t.declined().reason(),
                        t.declined().declinedAt()),
                t.returned() == null ? null : new InboundAchTransfer.Returned(t.returned().reason(),
                        t.returned().returnedAt(), t.returned().transactionId()),
                t.addenda());
    }

    static io.bankssandbox.internal.ach.InboundAchLifecycle.Arrival arrival(InboundAchTransfer.Arrival a) {
        return new io.bankssandbox.internal.ach.InboundAchLifecycle.Arrival(a.accountId(), a.amount(),
                a.originatorCompanyName(), a.originatorCompanyEntryDescription(), a.standardEntryClassCode(),
                a.addenda(), a.resolvesTo(), a.declineReason(), a.automaticallyResolvesAt(), a.effectiveDate(),
                a.traceNumber());
    }

    static InsurancePayment.Received received(InsurancePaymentView v) {
        if (v instanceof InsurancePaymentView.ByCheck check) {
            return new InsurancePayment.Received(null, era(check.era()), mailItem(check.mailItem()));
        }
        InsurancePaymentView.ByAch ach = (InsurancePaymentView.ByAch) v;
        return new InsurancePayment.Received(ach.inboundAchTransfer() == null ? null : transfer(ach.inboundAchTransfer()),
                era(ach.era()), null);
    }

    static Era era(EraView v) {
        return new Era(v.id(), v.transactionId(), party(v.payer()), new Era.Payee(v.payee().name(), v.payee().npi()),
                new Era.Payment(v.payment().amount(), v.payment().method(), v.payment().checkNumber(),
                        day(v.payment().date())),
                v.claims().stream().map(Values::claim).toList(),
                v.providerAdjustments().stream().map(a -> new Era.ProviderAdjustment(a.reason(), a.reference(),
                        a.amount())).toList());
    }

    /**
     * A calendar date the JSON writes as a timestamp (an ERA's payment and service dates, midnight UTC as
     * the 835's CCYYMMDD): the typed API shows each as the {@link LocalDate} it is, as {@code Remittance} does.
     */
    private static LocalDate day(Instant at) {
        return at == null ? null : LocalDate.ofInstant(at, ZoneOffset.UTC);
    }

    private static Era.Party party(io.bankssandbox.internal.era.Era.Party p) {
        return p == null ? null : new Era.Party(p.name(), p.id());
    }

    private static Era.Claim claim(io.bankssandbox.internal.era.Era.Claim c) {
        return new Era.Claim(c.patientControlNumber(), c.payerClaimNumber(), c.status(), c.chargedAmount(),
                c.paidAmount(), c.patientResponsibility(),
                c.patient() == null ? null : new Era.Patient(c.patient().name(), c.patient().subscriberId()),
                day(c.serviceDate()), day(c.serviceEndDate()), adjustments(c.adjustments()),
                c.serviceLines().stream().map(l -> new Era.ServiceLine(l.procedureCode(), l.modifiers(),
                        l.chargedAmount(), l.paidAmount(), l.units(), adjustments(l.adjustments()),
                        l.remarkCodes())).toList());
    }

    private static List<Era.Adjustment> adjustments(List<io.bankssandbox.internal.era.Era.Adjustment> adjustments) {
        return adjustments.stream().map(a -> new Era.Adjustment(a.group(), a.reasonCode(), a.reason(), a.amount()))
                .toList();
    }

    static Remittance remittance(RemittanceView v) {
        return new Remittance(v.id(), v.entityId(), party(v.payer()), new Remittance.Payment(v.payment().amount(),
                v.payment().method(), v.payment().traceNumber(), v.payment().date()), v.transactionId(),
                v.eraAvailable(), v.receivedAt(), v.updatedAt());
    }

    static MailItem mailItem(MailItemView v) {
        return new MailItem(v.id(), v.providerId(), v.fileId(), v.amount(), v.checks().stream()
                .map(c -> new MailItem.Check(c.id(), c.amount(), c.transactionId(), c.status(), hold(c.hold()),
                        micr(c.micr())))
                .toList(), v.receivedAt());
    }

    private static MailItem.Hold hold(io.bankssandbox.internal.lockbox.CheckDeposit.Hold h) {
        return h == null ? null : new MailItem.Hold(h.status(), h.automaticallyReleasesAt(), h.releasedAt());
    }

    private static MailItem.Micr micr(io.bankssandbox.internal.lockbox.CheckDeposit.Micr m) {
        return m == null ? null : new MailItem.Micr(m.routingNumber(), m.accountNumber(), m.auxiliaryOnUs(),
                m.serialNumber());
    }

    static io.bankssandbox.internal.lockbox.LockboxMail.IncomingMail incoming(MailItem.Incoming mail) {
        return new io.bankssandbox.internal.lockbox.LockboxMail.IncomingMail(mail.checks().stream()
                .map(c -> new io.bankssandbox.internal.lockbox.LockboxMail.IncomingCheck(c.amount(), c.status(),
                        c.micr() == null ? null : new io.bankssandbox.internal.lockbox.CheckDeposit.Micr(
                                c.micr().routingNumber(), c.micr().accountNumber(), c.micr().auxiliaryOnUs(),
                                c.micr().serialNumber())))
                .toList(), mail.receivedAt());
    }

    static CheckDeposit checkDeposit(CheckDepositView v) {
        return new CheckDeposit(v.id(), v.amount(), v.transactionId(), v.status(), hold(v.hold()), micr(v.micr()),
                v.accountId(), v.inboundMailItemId(), v.depositReturn() == null ? null
                        : new CheckDeposit.Return(v.depositReturn().reason(), v.depositReturn().returnedAt(),
                                v.depositReturn().transactionId()));
    }

    static ExternalAccount externalAccount(io.bankssandbox.internal.externalaccounts.ExternalAccount a) {
        return new ExternalAccount(a.id(), a.entityId(), a.nickname(), a.holderType(), a.routingNumber(),
                a.accountNumber(), a.status(), a.createdAt());
    }

    static AchTransfer achTransfer(AchTransferView v) {
        return new AchTransfer(v.id(), v.accountId(), v.externalAccountId(), v.amount(), v.status(),
                v.statementDescriptor(), v.transactionId(), v.settledAt(),
                v.submission() == null ? null : new AchTransfer.Submission(v.submission().submittedAt(),
                        v.submission().expectedFundsSettlementAt()),
                v.returned() == null ? null : new AchTransfer.Return(v.returned().reason(), v.returned().returnedAt()));
    }

    static WebhookEndpoint endpoint(io.bankssandbox.internal.webhooks.WebhookEndpoint e) {
        return endpoint(WebhooksFeature.EndpointView.of(e));
    }

    static WebhookEndpoint endpoint(WebhooksFeature.EndpointView e) {
        return new WebhookEndpoint(e.id(), e.url(), e.apiKey(), e.events(), e.signed(), e.origin(), e.createdAt());
    }

    static WebhookDelivery delivery(io.bankssandbox.internal.webhooks.WebhookDelivery d) {
        return delivery(WebhooksFeature.DeliveryView.of(d));
    }

    static WebhookDelivery delivery(WebhooksFeature.DeliveryView d) {
        return new WebhookDelivery(d.id(), d.eventId(), d.event(), d.endpointId(), d.status(), d.occurredAt(),
                d.body().toString(), bodyTransaction(d.body()), bodyEntity(d.body()),
                d.attempts().stream().map(a -> new WebhookDelivery.Attempt(a.at(), a.statusCode(), a.error(),
                        a.durationMs())).toList(),
                d.nextAttemptAt());
    }

    static ReceivedWebhook received(WebhookLog.InboxEntry e) {
        return new ReceivedWebhook(e.webhookId(), e.event(), e.receivedAt(), e.deliveryId(), e.body().toString(),
                bodyTransaction(e.body()), bodyEntity(e.body()));
    }

    private static Transaction bodyTransaction(JsonNode body) {
        JsonNode transaction = body.get("transaction");
        return transaction == null || transaction.isNull() ? null : transactionInBody(transaction);
    }

    private static Entity bodyEntity(JsonNode body) {
        JsonNode entity = body.get("entity");
        return entity == null || entity.isNull() ? null : entityInBody(entity);
    }

    static io.bankssandbox.internal.webhooks.WebhookEndpoints.Registration registration(
            WebhookEndpoint.Registration r) {
        return new io.bankssandbox.internal.webhooks.WebhookEndpoints.Registration(r.url(), r.apiKey(), r.events(),
                r.secret());
    }

    static ClockEvent clockEvent(io.bankssandbox.internal.clock.ClockEvent e) {
        return new ClockEvent(e.type(), e.id());
    }

    static RecordedRequest request(JournalEntry e) {
        return new RecordedRequest(e.sequence(), e.at(), e.method(), e.path(), e.idempotencyKey(),
                e.requestBody() == null ? null : e.requestBody().toString(), e.status(),
                e.responseBody() == null ? null : e.responseBody().toString(), e.fault() == null ? null
                        : new RecordedRequest.ServedFault(e.fault().afterProcessing(), e.fault().closeConnection(),
                                e.fault().processedStatus(), e.fault().processedBody() == null ? null
                                        : e.fault().processedBody().toString()));
    }

    static Fault fault(io.bankssandbox.internal.requests.Fault f) {
        return new Fault(f.method(), f.path(), f.status(), f.body() == null ? null : f.body().toString(), f.headers(),
                f.delayMs(), f.afterProcessing(), f.closeConnection(), f.times());
    }

    // ---- the public commands as the implementation's (the request bodies over HTTP) ----

    static io.bankssandbox.internal.onboarding.Onboarding.Practice practice(Practice practice) {
        return new io.bankssandbox.internal.onboarding.Onboarding.Practice(practice.name(), practice.structure(),
                practice.npi(), new io.bankssandbox.internal.entities.Entity.Address(practice.address().line1(),
                        practice.address().line2(), practice.address().city(), practice.address().state(),
                        practice.address().postalCode()),
                practice.accounts().stream().map(a -> new io.bankssandbox.internal.onboarding.Onboarding.OpeningAccount(
                        a.name(), a.openingBalance())).toList(),
                practice.apiKeys());
    }

    static CardAuthorizer.PaymentRequest paymentRequest(CardPayment payment) {
        return new CardAuthorizer.PaymentRequest(payment.amount(), payment.merchantCategoryCode(),
                payment.merchantCountry(), payment.settlement());
    }

    /**
     * A fault as the body {@code POST /_sandbox/faults} takes, what is left at its default left out (the
     * typed handle checks it against the route's schema and reads it as the route does; a remote handle
     * sends it); a body that is not JSON is the route's 400.
     */
    static ObjectNode faultRequest(Fault fault) {
        ObjectNode request = io.bankssandbox.internal.state.Json.MAPPER.createObjectNode();
        request.put("method", fault.method()).put("path", fault.path());
        if (fault.status() != null) {
            request.put("status", fault.status());
        }
        if (fault.body() != null) {
            try {
                request.set("body", io.bankssandbox.internal.state.Json.MAPPER.readTree(fault.body()));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new SandboxException(400, List.of("body must be JSON: " + e.getOriginalMessage()));
            }
        }
        if (!fault.headers().isEmpty()) {
            fault.headers().forEach(request.putObject("headers")::put);
        }
        if (fault.delayMs() != 0) {
            request.put("delay_ms", fault.delayMs());
        }
        if (fault.afterProcessing()) {
            request.put("after_processing", true);
        }
        if (fault.closeConnection()) {
            request.put("close_connection", true);
        }
        return request.put("times", fault.times());
    }

    /** The body of a move that takes a reason ({@code {"reason": ...}}), empty for none (the route's default). */
    static Map<String, String> reason(String reason) {
        return reason == null ? Map.of() : Map.of("reason", reason);
    }
}
