package io.bankssandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.openapi.Contracts;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every word the OpenAPI document allows (each {@code enum} and {@code const} string of the served
 * document, walked whole) is a constant of the public type that shows it, so a test compares with a
 * name the compiler checks ({@code Transaction.ACH_TRANSFER_RETURN}, {@code Entity.PROFESSIONAL_LLC}),
 * and every such constant is a word the document allows. A word list added to the document fails
 * here until a type names its words, or {@link #NOT_TYPED} says why none does.
 */
class WireWordsTest {
    private static final JsonNode DOCUMENT = Contracts.openApi().document();

    private record Owner(Pattern where, Class<?> type) {}

    /** Where each word list lives (a path through the document) and the public type naming its words. */
    private static final List<Owner> OWNERS = List.of(
            owner("/paths//_sandbox/card-authorizations/get/parameters/.*", CardAuthorization.class),
            owner("/components/schemas/HeldCardAuthorization/.*status", CardAuthorization.class),
            owner("/components/schemas/CardAuthorizationRequest/properties/settlement", CardPayment.class),
            owner("/components/schemas/CardAuthorization/.*(decision|decline_reason)", CardDecision.class),
            owner("/components/schemas/(IntervalName|OneLimitPerInterval/then/allOf/\\d+/contains/properties/interval)",
                    Card.SpendingLimit.class),
            owner("/components/schemas/Card/properties/status", Card.class),
            owner("/components/schemas/(ClockState/properties/mode|NewSandboxRequest/properties/clock)", ClockMode.class),
            owner("/components/schemas/ClockEvent/properties/type", ClockEvent.class),
            owner("/components/schemas/((EntityFields|OnboardEntityRequest)/properties/structure|ProviderStructure)",
                    Entity.class),
            owner("/components/schemas/(EraPayment|InsurancePaymentRequest)/properties/method", Era.Payment.class),
            owner("/components/schemas/InsurancePaymentRequest/if/properties/method", Era.Payment.class),
            owner("/components/schemas/Remittance/properties/payment/properties/method", Era.Payment.class),
            owner("/components/schemas/EraProviderAdjustment(Input)?/properties/reason", Era.ProviderAdjustment.class),
            owner("/components/schemas/EraClaim(Input)?/properties/status", Era.Claim.class),
            owner("/components/schemas/EraAdjustmentInput/properties/group", Era.Adjustment.class),
            owner("/components/schemas/(CreateExternalAccountRequest|ExternalAccountFields)/properties/"
                    + "(holder_type|status)", ExternalAccount.class),
            owner("/components/schemas/InboundAchTransferFields/properties/status", InboundAchTransfer.class),
            owner("/components/schemas/SimulateInboundAchTransferRequest/(then/)?properties/resolves_to",
                    InboundAchTransfer.class),
            owner("/components/schemas/(CheckDeposit|MailCheckDepositFields|SimulatedCheck)/.*status",
                    CheckDeposit.class),
            owner("/components/schemas/CheckHold/properties/status", MailItem.Hold.class),
            owner("/components/schemas/TransactionSource/oneOf/\\d+/properties/category", Transaction.class),
            owner("/components/schemas/TransactionCounterparty/oneOf/\\d+/properties/type",
                    Transaction.Counterparty.class),
            owner("/components/schemas/AchTransferFields/properties/status", AchTransfer.class),
            owner("/paths//_sandbox/webhooks/(deliveries|inbox)/get/parameters/.*", WebhookDelivery.class),
            owner("/components/schemas/WebhookEvent", WebhookDelivery.class),
            owner("/components/schemas/WebhookDelivery/properties/status", WebhookDelivery.class),
            owner("/components/schemas/WebhookEndpoint/properties/origin", WebhookEndpoint.class));

    /** Word lists no typed value shows, and why. */
    private static final Map<Pattern, String> NOT_TYPED = Map.ofEntries(
            Map.entry(Pattern.compile("/components/schemas/(UsStateCode|CountryCode)"),
                    "the codes of USPS and ISO 3166-1: a caller writes its own, as the API takes them"),
            Map.entry(Pattern.compile("/components/schemas/Fixture_.*"),
                    "the fixture files' schemas, the state document: the API types' words, and the sandbox's bookkeeping"),
            Map.entry(Pattern.compile("/components/schemas/(CreateCardRequest|Card)/.*usage/.*category"),
                    "multi_use, the one usage there is: the typed Card shows its limits without the wrapper"),
            Map.entry(Pattern.compile("/paths//_sandbox/requests/get/parameters/.*"),
                    "the format of the journal's export, a control route the handle does not mirror"),
            Map.entry(Pattern.compile("/components/schemas/Health/properties/status"),
                    "ok: the health route has no typed read"),
            Map.entry(Pattern.compile("/components/schemas/CreateExternalAccountRequest/properties/holder_address/.*country"),
                    "US, the one country an external account's holder may be in"),
            Map.entry(Pattern.compile("/components/schemas/BookTransfer/properties/status"),
                    "complete, the one status of a book transfer; the handle has no book transfer"),
            Map.entry(Pattern.compile("/components/schemas/Provider/properties/structure"),
                    "the vendor's provider listing (mso among them), no typed value; the sandbox's providers are"
                    + " entities, whose structures are Entity's constants"));

    /** Constants that are not words of an enum: a value of a free field with a meaning of its own. */
    private static final Set<String> NOT_WORDS = Set.of("WebhookEndpoint.INBOX");

    private static Owner owner(String where, Class<?> type) {
        return new Owner(Pattern.compile(where), type);
    }

    /** Every word list of the document: where it is, and its string words ({@code enum} or {@code const}). */
    private static Map<String, Set<String>> wordLists() {
        Map<String, Set<String>> lists = new LinkedHashMap<>();
        walk(DOCUMENT, "", lists);
        return lists;
    }

    private static void walk(JsonNode node, String where, Map<String, Set<String>> lists) {
        if (node.isObject()) {
            Set<String> words = new TreeSet<>();
            node.path("enum").forEach(word -> {
                if (word.isTextual()) {
                    words.add(word.asText());
                }
            });
            if (node.path("const").isTextual()) {
                words.add(node.get("const").asText());
            }
            if (!words.isEmpty()) {
                lists.put(where, words);
            }
            node.fields().forEachRemaining(field -> walk(field.getValue(), where + "/" + field.getKey(), lists));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walk(node.get(i), where + "/" + i, lists);
            }
        }
    }

    /** The words a type names: its own public static final String constants, or an enum's constants in lower case. */
    static Set<String> constants(Class<?> type) throws IllegalAccessException {
        Set<String> words = new TreeSet<>();
        if (type.isEnum()) {
            Arrays.stream(type.getEnumConstants()).forEach(c -> words.add(((Enum<?>) c).name().toLowerCase(Locale.ROOT)));
            return words;
        }
        for (Field field : type.getDeclaredFields()) {
            int modifiers = field.getModifiers();
            if (Modifier.isPublic(modifiers) && Modifier.isStatic(modifiers) && Modifier.isFinal(modifiers)
                    && field.getType() == String.class && !NOT_WORDS.contains(type.getSimpleName() + "." + field.getName())) {
                words.add((String) field.get(null));
            }
        }
        return words;
    }

    @Test
    void everyWordOfTheDocumentIsAConstantOfTheTypeShowingIt() throws Exception {
        Map<String, Set<String>> lists = wordLists();
        assertThat(lists).hasSizeGreaterThan(40); // the walk reached the whole document
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, Set<String>> list : lists.entrySet()) {
            String where = list.getKey();
            Owner owner = OWNERS.stream().filter(o -> o.where().matcher(where).matches()).findFirst().orElse(null);
            if (owner == null) {
                if (NOT_TYPED.keySet().stream().noneMatch(p -> p.matcher(where).matches())) {
                    problems.add(where + " " + list.getValue() + ": no public type names these words");
                }
                continue;
            }
            Set<String> missing = new TreeSet<>(list.getValue());
            missing.removeAll(constants(owner.type()));
            if (!missing.isEmpty()) {
                problems.add(where + ": " + owner.type().getName() + " has no constant for " + missing);
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void everyConstantOfThoseTypesIsAWordTheDocumentAllows() throws Exception {
        Map<Class<?>, Set<String>> allowed = new LinkedHashMap<>();
        for (Map.Entry<String, Set<String>> list : wordLists().entrySet()) {
            OWNERS.stream().filter(o -> o.where().matcher(list.getKey()).matches()).findFirst().ifPresent(owner ->
                    allowed.computeIfAbsent(owner.type(), t -> new TreeSet<>()).addAll(list.getValue()));
        }
        for (Owner owner : OWNERS) {
            assertThat(allowed).as("%s names a word list of the document", owner.where()).containsKey(owner.type());
        }
        allowed.remove(ClockEvent.class); // the document lists the moves an advance reports; the type names every move
        for (Map.Entry<Class<?>, Set<String>> type : allowed.entrySet()) {
            assertThat(constants(type.getKey())).as("the constants of %s", type.getKey().getName())
                    .isSubsetOf(type.getValue());
        }
    }

    @Test
    void theMovesAnAdvanceReportsAreConstantsAndTheDocumentsWordsForThem() throws Exception {
        Set<String> documented = wordLists().get("/components/schemas/ClockEvent/properties/type");
        assertThat(documented).contains(ClockEvent.CARD_AUTHORIZATION_EXPIRED, ClockEvent.ERA_RECEIVED,
                ClockEvent.INBOUND_ACH_TRANSFER_ACCEPTED, ClockEvent.CHECK_DEPOSIT_HOLD_RELEASED);
        assertThat(constants(ClockEvent.class)).containsAll(documented);
    }
}
