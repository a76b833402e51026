package io.bankssandbox;

/** {@link Sandbox.ExternalAccounts} over HTTP: the read of {@code /v0}, the archive of the control API. */
final class RemoteExternalAccounts implements Sandbox.ExternalAccounts {
    private final ControlApi api;

    RemoteExternalAccounts(ControlApi api) {
        this.api = api;
    }

    @Override
    public ExternalAccount get(String externalAccountId) {
        return account(api.get("/v0/external-accounts/" + ControlApi.segment(externalAccountId)));
    }

    @Override
    public ExternalAccount archive(String externalAccountId) {
        return account(api.post("/_sandbox/external-accounts/" + ControlApi.segment(externalAccountId) + "/archive", null));
    }

    private ExternalAccount account(com.fasterxml.jackson.databind.JsonNode answer) {
        return Values.externalAccount(api.decode(answer, io.bankssandbox.internal.externalaccounts.ExternalAccount.class));
    }
}
