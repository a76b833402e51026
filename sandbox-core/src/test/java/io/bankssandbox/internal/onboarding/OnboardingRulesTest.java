package io.bankssandbox.internal.onboarding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bankssandbox.SandboxConfig;
import io.bankssandbox.SandboxInternals;
import io.bankssandbox.internal.access.ApiKey;
import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.accounts.Transaction;
import io.bankssandbox.internal.entities.Entity;
import io.bankssandbox.internal.entities.EntityConnected;
import io.bankssandbox.internal.events.DomainEvent;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.SandboxState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A practice joining and a key connected to an entity, on the default fixtures' state without HTTP:
 * what is created (entity, lockbox for a provider, accounts each opened by one transaction), which
 * keys are connected and in what order (one {@code entity.connected} each), and every refusal.
 */
class OnboardingRulesTest {
    private static final String ALL = "lm_key_sandbox_all";
    private static final String ONE = "lm_key_sandbox_one";
    private static final Entity.Address ADDRESS = new Entity.Address("1 Lake St", "", "Austin", "TX", "78701");

    private SandboxRuntime runtime;
    private final List<DomainEvent> events = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() {
        runtime = SandboxInternals.bareRuntime(SandboxConfig.defaults());
        runtime.events().afterCommit(events::addAll);
    }

    private <R> R write(Function<SandboxState, R> writer) {
        return runtime.state().write(writer);
    }

    private <R> R read(Function<SandboxState, R> reader) {
        return runtime.state().read(reader);
    }

    private Instant now() {
        return runtime.clock().now();
    }

    private Entity onboard(String npi, List<Onboarding.OpeningAccount> accounts, List<String> keys) {
        Onboarding.Practice practice = new Onboarding.Practice("Lakeview Pediatrics, LLC", "llc", npi, ADDRESS,
                accounts, keys);
        return write(s -> Onboarding.onboard(s, practice, now()));
    }

    private List<EntityConnected> connections() {
        return events.stream().filter(EntityConnected.class::isInstance).map(EntityConnected.class::cast).toList();
    }

    private ApiKey key(String key) {
        return read(s -> s.apiKeys.stream().filter(k -> k.key().equals(key)).findFirst().orElseThrow());
    }

    @Test
    void aProviderIsOneEntityWithALockboxInDallasAndItsAccountsEachOpenedByOneTransaction() {
        Entity entity = onboard("1234567893", List.of(new Onboarding.OpeningAccount("Lakeview Operating", 10_000),
                new Onboarding.OpeningAccount("Lakeview Payroll", 0)), List.of());
        assertThat(entity).isEqualTo(read(s -> s.table(Entity.TABLE).get(entity.id())));
        assertThat(entity.id()).startsWith("entity_");
        assertThat(entity.createdAt()).isEqualTo(now());
        assertThat(entity.name()).isEqualTo("Lakeview Pediatrics, LLC");
        assertThat(entity.structure()).isEqualTo("llc");
        assertThat(entity.npi()).isEqualTo("1234567893");
        assertThat(entity.address()).isEqualTo(ADDRESS);
        Entity.LockboxAddress lockbox = entity.lockboxAddress();
        assertThat(lockbox.recipientName()).isEqualTo("Lakeview Pediatrics, LLC");
        assertThat(lockbox.line1()).matches("PO Box [0-9]{5}");
        assertThat(lockbox).extracting(Entity.LockboxAddress::line2, Entity.LockboxAddress::city,
                Entity.LockboxAddress::state, Entity.LockboxAddress::postalCode).containsExactly("", "Dallas", "TX", "75265");

        List<Account> accounts = read(s -> List.copyOf(s.table(Account.TABLE).inPartition(entity.id())));
        assertThat(accounts).extracting(Account::name).containsExactly("Lakeview Operating", "Lakeview Payroll");
        for (Account account : accounts) {
            assertThat(account.id()).startsWith("account_");
            assertThat(account.accountNumber()).matches("[0-9]{10}");
            assertThat(account.routingNumber()).isEqualTo("084106768");
            assertThat(account.openedAt()).isEqualTo(now());
        }
        assertThat(accounts.get(0)).extracting(Account::totalBalance, Account::availableBalance).containsExactly(10_000L, 10_000L);
        assertThat(accounts.get(1)).extracting(Account::totalBalance, Account::availableBalance).containsExactly(0L, 0L);
        for (Account account : accounts) {
            List<Transaction> opening = read(s -> List.copyOf(s.table(Transaction.TABLE).inPartition(account.id())));
            assertThat(opening).singleElement().satisfies(t -> {
                assertThat(t.amount()).isEqualTo(account.totalBalance());
                assertThat(t.description()).isEqualTo("Opening balance");
                assertThat(t.sourceCategory()).isEqualTo("opening_balance");
                assertThat(t.sourceId()).isNull();
                assertThat(t.counterpartyAccountId()).isNull();
                assertThat(t.occurredAt()).isEqualTo(now());
            });
        }
    }

    @Test
    void anEntityWithoutAnNpiHasNoLockboxAndAPracticeWithoutAccountsHasNone() {
        Entity entity = onboard(null, null, null);
        assertThat(entity.npi()).isNull();
        assertThat(entity.lockboxAddress()).isNull();
        List<Account> accounts = read(s -> List.copyOf(s.table(Account.TABLE).inPartition(entity.id())));
        assertThat(accounts).isEmpty();
    }

    @Test
    void everyKeyThatSeesAllEntitiesThenEachNamedKeyIsConnectedOnceEachWithItsOwnEvent() {
        Entity entity = onboard(null, List.of(), List.of(ONE, ALL, ONE));
        assertThat(connections()).extracting(EntityConnected::apiKey).containsExactly(ALL, ONE);
        for (EntityConnected connected : connections()) {
            assertThat(connected.entity()).isEqualTo(entity);
            assertThat(connected.occurredAt()).isEqualTo(now());
        }
        assertThat(key(ONE).entityIds()).endsWith(entity.id()).doesNotHaveDuplicates();
        assertThat(key(ALL).entityIds()).containsExactly(ApiKey.ALL);
    }

    @Test
    void aPracticeNamingNoKeyIsConnectedToTheKeysThatSeeAllOnly() {
        List<String> oneBefore = key(ONE).entityIds();
        onboard(null, List.of(), null);
        assertThat(connections()).extracting(EntityConnected::apiKey).containsExactly(ALL);
        assertThat(key(ONE).entityIds()).isEqualTo(oneBefore);
    }

    @Test
    void theConnectionsComeBeforeTheOpeningBalancesAsAtTheBank() {
        onboard(null, List.of(new Onboarding.OpeningAccount("Lakeview Operating", 500)), List.of(ONE));
        List<String> kinds = new ArrayList<>();
        events.forEach(e -> kinds.add(e.getClass().getSimpleName()));
        assertThat(kinds).containsExactly("EntityConnected", "EntityConnected", "TransactionPosted");
    }

    @Test
    void everyUnknownKeyIsNamedAndNothingIsStored() {
        int entities = read(s -> s.table(Entity.TABLE).size());
        long next = read(s -> s.ids.next());
        assertThatThrownBy(() -> onboard(null, List.of(new Onboarding.OpeningAccount("X", 1)),
                List.of("lm_key_nobody", ONE, "lm_key_nothing")))
                .isInstanceOfSatisfying(DomainException.class, e -> {
                    assertThat(e.kind()).isEqualTo(DomainException.Kind.INVALID);
                    assertThat(e.messages()).containsExactly("api_keys: lm_key_nobody is not an API key of this sandbox",
                            "api_keys: lm_key_nothing is not an API key of this sandbox");
                });
        int entitiesAfter = read(s -> s.table(Entity.TABLE).size());
        long nextAfter = read(s -> s.ids.next());
        assertThat(entitiesAfter).isEqualTo(entities);
        assertThat(nextAfter).as("no id drawn").isEqualTo(next);
        assertThat(events).isEmpty();
    }

    @Test
    void connectingGivesTheKeyTheEntityAndPublishesOneEvent() {
        Entity entity = onboard(null, List.of(), List.of());
        events.clear();
        Entity connected = write(s -> Onboarding.connect(s, entity.id(), ONE, now()));
        assertThat(connected).isEqualTo(entity);
        assertThat(key(ONE).entityIds()).endsWith(entity.id());
        assertThat(connections()).singleElement().satisfies(e -> {
            assertThat(e.apiKey()).isEqualTo(ONE);
            assertThat(e.entity()).isEqualTo(entity);
        });
        assertThat(key(ALL).entityIds()).containsExactly(ApiKey.ALL);
    }

    @Test
    void connectingAnUnknownEntityIsNotFoundAnUnknownKeyInvalidAndAKeyThatSeesItAlreadyAConflict() {
        Entity entity = onboard(null, List.of(), List.of(ONE));
        events.clear();
        assertThatThrownBy(() -> write(s -> Onboarding.connect(s, "entity_nope", ONE, now())))
                .isInstanceOfSatisfying(DomainException.class, e -> {
                    assertThat(e.kind()).isEqualTo(DomainException.Kind.NOT_FOUND);
                    assertThat(e.messages()).containsExactly("Entity entity_nope not found");
                });
        assertThatThrownBy(() -> write(s -> Onboarding.connect(s, entity.id(), "lm_key_nobody", now())))
                .isInstanceOfSatisfying(DomainException.class, e -> {
                    assertThat(e.kind()).isEqualTo(DomainException.Kind.INVALID);
                    assertThat(e.messages()).containsExactly("api_key: lm_key_nobody is not an API key of this sandbox");
                });
        for (String key : List.of(ONE, ALL)) {
            assertThatThrownBy(() -> write(s -> Onboarding.connect(s, entity.id(), key, now())))
                    .isInstanceOfSatisfying(DomainException.class, e -> {
                        assertThat(e.kind()).isEqualTo(DomainException.Kind.CONFLICT);
                        assertThat(e.messages()).containsExactly("API key " + key + " already sees entity " + entity.id());
                    });
        }
        assertThat(events).isEmpty();
    }
}
