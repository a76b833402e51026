package io.bankssandbox.internal.lockbox;

import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.accounts.AccountBook;
import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.Page;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.SortKey;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/**
 * Check deposits as {@code GET /v0/check-deposits} shows them: each check found in lockbox mail,
 * with the account it went into and the mail item it came in. Checks live inside their mail items
 * (one place to change them: a hold release rewrites the item), so this reads the mail table:
 * newest mail first, and inside one piece of mail the checks by id, newest first. A page's cursor is
 * the key of its last check, {@code (received_at, <mail item id>/<check deposit id>)}, so a page
 * costs the same whatever the number of mail items.
 */
public final class CheckDeposits {
    private CheckDeposits() {}

    /** A check deposit and the mail item holding it. */
    public record Located(MailItem item, CheckDeposit check) {
        SortKey key() {
            return new SortKey(item.receivedAt(), item.id() + "/" + check.id());
        }
    }

    private static final Comparator<CheckDeposit> NEWEST_FIRST = Comparator.comparing(CheckDeposit::id).reversed();

    /**
     * A page of the check deposits the caller sees, of one account when {@code accountId} is given
     * (not found when the caller cannot see it), newest first.
     */
    public static Page<Located> list(SandboxState state, Caller caller, String accountId, SortKey after, int limit) {
        Collection<String> partitions;
        Predicate<MailItem> withChecks;
        if (accountId != null) {
            Account account = AccountBook.get(state, caller, accountId);
            partitions = List.of(account.entityId());
            withChecks = m -> !m.checks().isEmpty() && m.accountId().equals(account.id());
        } else {
            partitions = caller.visibleEntities();
            withChecks = m -> !m.checks().isEmpty() && caller.canSee(m.providerId());
        }
        List<Located> found = new ArrayList<>();
        SortKey mailAfter = null;
        if (after != null) {
            int slash = after.id().indexOf('/');
            if (slash <= 0) {
                throw DomainException.invalid("cursor is not a cursor of this list");
            }
            String mailId = after.id().substring(0, slash);
            String checkId = after.id().substring(slash + 1);
            MailItem current = state.table(MailItem.TABLE).get(mailId);
            // the rest of the piece of mail the previous page ended in
            if (current != null && withChecks.test(current)) {
                for (CheckDeposit check : newestFirst(current)) {
                    if (check.id().compareTo(checkId) < 0) {
                        found.add(new Located(current, check));
                    }
                }
            }
            mailAfter = new SortKey(after.at(), mailId);
        }
        // every mail item read here holds at least one check, so limit + 1 items always fill the page
        while (found.size() <= limit) {
            Page<MailItem> mail = state.table(MailItem.TABLE).page(partitions, withChecks, mailAfter, limit + 1);
            for (MailItem item : mail.items()) {
                for (CheckDeposit check : newestFirst(item)) {
                    found.add(new Located(item, check));
                }
            }
            if (!mail.hasNext()) {
                break;
            }
            mailAfter = mail.last();
        }
        if (found.size() <= limit) {
            return new Page<>(List.copyOf(found), false, null);
        }
        List<Located> items = List.copyOf(found.subList(0, limit));
        return new Page<>(items, true, items.get(limit - 1).key());
    }

    /** The check deposit, or not found when unknown or in mail of an entity the caller cannot see. */
    public static Located get(SandboxState state, Caller caller, String id) {
        MailItem item = state.table(MailItem.TABLE).lookup(MailItem.BY_FILE_OR_CHECK, id);
        if (item != null && caller.canSee(item.providerId())) {
            for (CheckDeposit check : item.checks()) {
                if (check.id().equals(id)) {
                    return new Located(item, check);
                }
            }
        }
        throw DomainException.notFound("Check deposit", id);
    }

    private static List<CheckDeposit> newestFirst(MailItem item) {
        List<CheckDeposit> checks = new ArrayList<>(item.checks());
        checks.sort(NEWEST_FIRST);
        return checks;
    }
}
