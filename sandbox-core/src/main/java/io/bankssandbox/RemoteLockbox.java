package io.bankssandbox;

import io.bankssandbox.internal.lockbox.MailItemView;
import java.util.List;

/** {@link Sandbox.Lockbox} over HTTP: the mail simulation of the control API, a provider's mail from {@code /v0}. */
final class RemoteLockbox implements Sandbox.Lockbox {
    private final ControlApi api;

    RemoteLockbox(ControlApi api) {
        this.api = api;
    }

    @Override
    public MailItem receiveMail(String providerId, MailItem.Incoming mail) {
        return Values.mailItem(api.decode(api.post("/_sandbox/providers/" + ControlApi.segment(providerId) + "/mail",
                Values.incoming(mail)), MailItemView.class));
    }

    @Override
    public List<MailItem> mail(String providerId) {
        return api.decodeEach(api.get("/v0/providers/" + ControlApi.segment(providerId) + "/mail").path("data"),
                MailItemView.class).stream().map(Values::mailItem).toList();
    }
}
