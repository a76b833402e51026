package io.bankssandbox.internal.externalaccounts;

import io.bankssandbox.internal.externalaccounts.ExternalAccountChanged;
import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.entities.EntityDirectory;
import io.bankssandbox.internal.state.Command;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.Page;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.SortKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Saved recipients: created active, never edited, archived (through the control API only) to be
 * replaced. An archived account is still found by id but left out of listings.
 */
public final class ExternalAccountBook {
    private static final Pattern NINE_DIGITS = Pattern.compile("\\d{9}");

    private ExternalAccountBook() {}

    /** A recipient to save ({@code POST /v0/external-accounts}). */
    public record NewExternalAccount(String entityId, String nickname, String holderType, String holderName,
                                     ExternalAccount.HolderAddress holderAddress, String routingNumber,
                                     String accountNumber) implements Command {
        @Override
        public List<String> violations() {
            return ExternalAccountBook.violations(routingNumber);
        }
    }

    /**
     * The rule the request schema cannot say: the routing number's ABA check digit. Values of the wrong
     * shape are left to the schema, which already names them, as it does a state that is no real US code
     * ({@code UsStateCode}).
     */
    public static List<String> violations(String routingNumber) {
        List<String> violations = new ArrayList<>();
        if (routingNumber != null && NINE_DIGITS.matcher(routingNumber).matches() && !RoutingNumbers.isValid(routingNumber)) {
            violations.add("routing_number must be a valid ABA routing number: " + routingNumber
                    + " fails the check-digit test");
        }
        return violations;
    }

    public static ExternalAccount create(SandboxState state, Caller caller, NewExternalAccount command, Instant now) {
        Command.requireValid(command);
        EntityDirectory.get(state, caller, command.entityId());
        ExternalAccount account = new ExternalAccount(state.ids.next("external_account_"), command.entityId(),
                command.nickname(), command.holderType(), command.holderName(), command.holderAddress(),
                command.routingNumber(), command.accountNumber(), ExternalAccount.ACTIVE, now);
        state.table(ExternalAccount.TABLE).put(account);
        state.events.publish(new ExternalAccountChanged(account, now));
        return account;
    }

    /** The account, archived or not; not found when unknown or its entity is invisible to the caller. */
    public static ExternalAccount get(SandboxState state, Caller caller, String id) {
        ExternalAccount account = state.table(ExternalAccount.TABLE).get(id);
        if (account == null || !caller.canSee(account.entityId())) {
            throw DomainException.notFound("External account", id);
        }
        return account;
    }

    /** Active accounts, newest first: of one entity when {@code entityId} is given, else of every visible entity. */
    public static Page<ExternalAccount> list(SandboxState state, Caller caller, String entityId, SortKey after,
                                             int limit) {
        return state.table(ExternalAccount.TABLE).page(EntityDirectory.partitions(state, caller, entityId),
                a -> ExternalAccount.ACTIVE.equals(a.status()), after, limit);
    }

    /** Archives an active account; archiving one already archived is a conflict. */
    public static ExternalAccount archive(SandboxState state, Caller caller, String id, Instant now) {
        ExternalAccount account = get(state, caller, id);
        if (ExternalAccount.ARCHIVED.equals(account.status())) {
            throw DomainException.conflict("External account " + id + " is already archived");
        }
        ExternalAccount archived = account.archived();
        state.table(ExternalAccount.TABLE).put(archived);
        state.events.publish(new ExternalAccountChanged(archived, now));
        return archived;
    }
}
