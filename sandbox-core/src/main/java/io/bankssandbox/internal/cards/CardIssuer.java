package io.bankssandbox.internal.cards;

import io.bankssandbox.internal.cards.CardIssued;
import io.bankssandbox.internal.cards.CardCanceled;
import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.accounts.AccountBook;
import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.state.Command;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.Page;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.SortKey;
import java.time.Instant;
import java.util.List;

/** Issues cards and finds them as a caller may. */
public final class CardIssuer {
    /**
     * A card to issue ({@code POST /v0/cards}), shaped as the request is: its limits sit where the
     * card's answer shows them, under {@code authorization_controls.usage.multi_use}.
     */
    public record IssueCard(String bankAccountId, String nickname, CardView.AuthorizationControls authorizationControls)
            implements Command {

        /** The limits asked for (empty when the request gives none). */
        public List<SpendingLimit> spendingLimits() {
            if (authorizationControls == null || authorizationControls.usage() == null
                    || authorizationControls.usage().multiUse() == null
                    || authorizationControls.usage().multiUse().spendingLimits() == null) {
                return List.of();
            }
            return authorizationControls.usage().multiUse().spendingLimits();
        }

        @Override
        public List<String> violations() {
            return SpendingLimitRules.violations(SpendingLimitRules.REQUEST_FIELD, spendingLimits());
        }
    }

    private CardIssuer() {}

    public static Card issue(SandboxState state, Caller caller, IssueCard command, Instant now) {
        Command.requireValid(command);
        Account account = AccountBook.get(state, caller, command.bankAccountId());
        String id = state.ids.next("card_");
        Card card = new Card(id, now, account.entityId(), account.id(), command.nickname(), CardNumbers.last4For(id),
                Card.ACTIVE, List.copyOf(command.spendingLimits()), "api");
        state.table(Card.TABLE).put(card);
        state.events.publish(new CardIssued(card));
        return card;
    }

    /** A card issued through the API that the caller sees; web-app cards are not found. */
    public static Card get(SandboxState state, Caller caller, String id) {
        Card card = state.table(Card.TABLE).get(id);
        if (card == null || !card.visibleToApi() || !caller.canSee(card.entityId())) {
            throw DomainException.notFound("Card", id);
        }
        return card;
    }

    /**
     * Every card, oldest first, web-app ones included, or one account's (an unknown account is not
     * found): what the operator sees of cards ({@code GET /_sandbox/cards} and the typed handle).
     */
    public static Page<Card> list(SandboxState state, String accountId, SortKey after, int limit) {
        if (accountId != null) {
            AccountBook.get(state, Caller.OPERATOR, accountId);
        }
        return state.table(Card.TABLE).page(accountId == null ? null : List.of(accountId), card -> true, after, limit);
    }

    /**
     * Cancels a card the caller sees. Canceling is final and repeatable: a canceled card stays
     * canceled and is returned as it is, so a retried DELETE answers the same card.
     */
    public static Card cancel(SandboxState state, Caller caller, String id, Instant now) {
        Card card = get(state, caller, id);
        if (Card.CANCELED.equals(card.status())) {
            return card;
        }
        Card canceled = card.withStatus(Card.CANCELED);
        state.table(Card.TABLE).put(canceled);
        state.events.publish(new CardCanceled(canceled, now));
        return canceled;
    }
}
