package io.bankssandbox.internal.lockbox;

import io.bankssandbox.internal.state.TableKind;
import io.bankssandbox.internal.state.SortKey;

import java.time.Instant;
import java.util.List;

/**
 * A piece of mail scanned at a provider's lockbox. {@code accountId} (the sandbox's own) is the
 * account its checks are deposited into. The API's {@code amount} is derived: the sum of the checks.
 */
public record MailItem(
        String id,
        String providerId,
        String accountId,
        String fileId,
        List<CheckDeposit> checks,
        Instant receivedAt) {
    /** This row's table in every sandbox state: {@code state.table(MailItem.TABLE)}. */
    public static final TableKind<MailItem> TABLE = TableKind.newestFirst("mail", 50, MailItem.class, MailItem::id, m -> new SortKey(m.receivedAt(), m.id()), MailItem::providerId)
            .lookupBy(MailItem.BY_FILE_OR_CHECK, MailItem::lookupKeys);


    /** The mail table's lookup by the scan's file id and by each check's id (a check lives in its mail item). */
    public static final String BY_FILE_OR_CHECK = "file_or_check";

    /** The keys {@link #BY_FILE_OR_CHECK} finds this item by. */
    public List<String> lookupKeys() {
        List<String> keys = new java.util.ArrayList<>(checks.size() + 1);
        keys.add(fileId);
        for (CheckDeposit check : checks) {
            keys.add(check.id());
        }
        return keys;
    }

    public long amount() {
        return checks.stream().mapToLong(CheckDeposit::amount).sum();
    }

    public MailItem withChecks(List<CheckDeposit> newChecks) {
        return new MailItem(id, providerId, accountId, fileId, newChecks, receivedAt);
    }
}
