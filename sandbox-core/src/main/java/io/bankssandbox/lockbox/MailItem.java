package io.bankssandbox.lockbox;

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

    public long amount() {
        return checks.stream().mapToLong(CheckDeposit::amount).sum();
    }

    public MailItem withChecks(List<CheckDeposit> newChecks) {
        return new MailItem(id, providerId, accountId, fileId, newChecks, receivedAt);
    }
}
