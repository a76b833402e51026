package io.bankssandbox;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A practice joining the platform after the sandbox started ({@code POST /_sandbox/entities}): its
 * entity, the accounts it opens (each with its opening balance) and the API keys it connects to.
 * Every key that sees all entities is connected as well; each connection sends {@code entity.connected}.
 *
 * <pre>{@code
 * Entity lakeside = sandbox.entities().onboard(Practice.named("Lakeside Dental", Entity.PROFESSIONAL_LLC,
 *                 new Entity.Address("12 Lake St", "", "Austin", "TX", "78701"))
 *         .withNpi("1234567893").withAccount("Lakeside Operating", 25_000_00));
 * }</pre>
 *
 * What the route requires (a name, a structure, a postal address) is an argument of {@link #named}, so
 * a practice without one does not compile; a null one is refused here, at once.
 *
 * @param structure one of {@link Entity}'s structure constants ({@link Entity#PROFESSIONAL_LLC} ...)
 * @param npi null for a practice that is not a provider
 * @param address the practice's postal address
 */
public record Practice(String name, String structure, String npi, Entity.Address address,
                       List<OpeningAccount> accounts, List<String> apiKeys) {

    /** An account the practice opens, with its opening balance in cents. */
    public record OpeningAccount(String name, long openingBalance) {}

    public Practice {
        Objects.requireNonNull(name, "a practice needs its name");
        Objects.requireNonNull(structure, "a practice needs its structure");
        Objects.requireNonNull(address, "a practice needs its postal address");
        accounts = List.copyOf(accounts);
        apiKeys = List.copyOf(apiKeys);
    }

    /** A practice with no NPI, no accounts, connected to the keys that see every entity. */
    public static Practice named(String name, String structure, Entity.Address address) {
        return new Practice(name, structure, null, address, List.of(), List.of());
    }

    public Practice withNpi(String providerNpi) {
        return new Practice(name, structure, providerNpi, address, accounts, apiKeys);
    }

    public Practice withAccount(String accountName, long openingBalance) {
        List<OpeningAccount> more = new ArrayList<>(accounts);
        more.add(new OpeningAccount(accountName, openingBalance));
        return new Practice(name, structure, npi, address, more, apiKeys);
    }

    /** Also connects the practice to {@code apiKey}. */
    public Practice connectedTo(String apiKey) {
        List<String> more = new ArrayList<>(apiKeys);
        more.add(apiKey);
        return new Practice(name, structure, npi, address, accounts, more);
    }
}
