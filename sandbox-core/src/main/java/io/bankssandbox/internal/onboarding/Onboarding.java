package io.bankssandbox.internal.onboarding;

import io.bankssandbox.internal.entities.Entity;
import io.bankssandbox.internal.entities.EntityDirectory;
import io.bankssandbox.internal.entities.EntityView;
import io.bankssandbox.internal.entities.EntityConnected;

import io.bankssandbox.internal.access.ApiKey;
import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.accounts.Ledger;
import io.bankssandbox.internal.entities.EntityConnected;
import io.bankssandbox.internal.entities.NpiCheckDigit;
import io.bankssandbox.internal.state.Command;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.SandboxState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A practice joining the platform after start: its entity, its accounts (each opened with one
 * {@code opening_balance} transaction), a lockbox when it is a provider, and the API keys it is
 * connected to. Connecting a key to an entity is what the vendor's {@code entity.connected} reports.
 */
public final class Onboarding {
    /** The bank's routing number, on every account it holds (the fixture sets use the same). */
    static final String ROUTING_NUMBER = "084106768";

    private Onboarding() {}

    /** A practice to onboard; its own rule is the NPI's check digit (its shape, and that it goes with a provider's structure, are the request schema's). */
    public record Practice(String name, String structure, String npi, Entity.Address address,
                           List<OpeningAccount> accounts, List<String> apiKeys) implements Command {
        @Override
        public List<String> violations() {
            return NpiCheckDigit.violations("npi", npi);
        }
    }

    public record OpeningAccount(String name, long openingBalance) {}

    /** Creates the practice and connects it to the named keys and to every key that sees all entities. */
    public static Entity onboard(SandboxState state, Practice practice, Instant now) {
        // that an entity with an NPI has a provider's structure is the request's schema (ProviderStructure)
        Command.requireValid(practice);
        List<String> problems = new ArrayList<>();
        List<String> named = practice.apiKeys() == null ? List.of() : practice.apiKeys();
        for (String key : named) {
            if (find(state, key) == null) {
                problems.add("api_keys: " + key + " is not an API key of this sandbox");
            }
        }
        if (!problems.isEmpty()) {
            throw DomainException.invalid(problems);
        }
        String id = state.ids.next("entity_");
        Entity.LockboxAddress lockbox = practice.npi() == null ? null : new Entity.LockboxAddress(practice.name(),
                "PO Box " + state.ids.nextDigits(5), "", "Dallas", "TX", "75265");
        Entity entity = new Entity(id, now, practice.name(), practice.structure(), practice.npi(), practice.address(), lockbox);
        state.table(Entity.TABLE).put(entity);
        Set<String> keys = new LinkedHashSet<>();
        for (ApiKey key : state.apiKeys) {
            if (key.seesAll()) {
                keys.add(key.key());
            }
        }
        keys.addAll(named);
        for (String key : keys) {
            grant(state, key, entity, now);
        }
        // accounts open after the connection, as they do at the bank: their opening balances are
        // transactions a connected platform hears about
        for (OpeningAccount opening : practice.accounts() == null ? List.<OpeningAccount>of() : practice.accounts()) {
            Account account = new Account(state.ids.next("account_"), id, opening.name(), state.ids.nextDigits(10),
                    ROUTING_NUMBER, 0, 0, now);
            state.table(Account.TABLE).put(account);
            Ledger.post(state, null, account.id(), opening.openingBalance(), opening.openingBalance(), now,
                    "Opening balance", "opening_balance", null, null);
        }
        return entity;
    }

    /** Gives an existing entity's access to one more key. */
    public static Entity connect(SandboxState state, String entityId, String apiKey, Instant now) {
        Entity entity = state.table(Entity.TABLE).get(entityId);
        if (entity == null) {
            throw DomainException.notFound("Entity", entityId);
        }
        ApiKey key = find(state, apiKey);
        if (key == null) {
            throw DomainException.invalid("api_key: " + apiKey + " is not an API key of this sandbox");
        }
        if (Caller.of(key).canSee(entityId)) {
            throw DomainException.conflict("API key " + apiKey + " already sees entity " + entityId);
        }
        grant(state, apiKey, entity, now);
        return entity;
    }

    private static void grant(SandboxState state, String apiKey, Entity entity, Instant now) {
        List<ApiKey> keys = new ArrayList<>(state.apiKeys.size());
        for (ApiKey key : state.apiKeys) {
            if (key.key().equals(apiKey) && !key.seesAll()) {
                List<String> ids = new ArrayList<>(key.entityIds());
                ids.add(entity.id());
                keys.add(new ApiKey(key.key(), key.description(), ids));
            } else {
                keys.add(key);
            }
        }
        state.apiKeys = List.copyOf(keys); // replaced whole: requests authenticating now hold the old list
        state.events.publish(new EntityConnected(entity, apiKey, now));
    }

    private static ApiKey find(SandboxState state, String key) {
        for (ApiKey candidate : state.apiKeys) {
            if (candidate.key().equals(key)) {
                return candidate;
            }
        }
        return null;
    }
}
