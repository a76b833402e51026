package io.bankssandbox;

import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.lockbox.LockboxFeature;
import io.bankssandbox.internal.lockbox.LockboxMail;
import io.bankssandbox.internal.lockbox.MailItemView;
import io.bankssandbox.internal.lockbox.ReceivedWindow;
import java.util.List;

/** {@link Sandbox.Lockbox}: the mail simulation of the control API and the mail reads of /v0. */
final class LockboxSection implements Sandbox.Lockbox {
    private final Operator operator;

    LockboxSection(Operator operator) {
        this.operator = operator;
    }

    @Override
    public MailItem receiveMail(String providerId, MailItem.Incoming mail) {
        LockboxMail.IncomingMail command = Values.incoming(mail);
        operator.check("POST", "/_sandbox/providers/{provider_id}/mail", command);
        return operator.call(() -> Values.mailItem(operator.feature(LockboxFeature.class)
                .receive(Caller.OPERATOR, providerId, command)));
    }

    @Override
    public List<MailItem> mail(String providerId) {
        return operator.call(() -> operator.runtime().state().read(state ->
                LockboxMail.list(state, Caller.OPERATOR, providerId, ReceivedWindow.ALL).stream()
                        .map(item -> Values.mailItem(MailItemView.of(item))).toList()));
    }
}
