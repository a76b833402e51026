package io.bankssandbox;

import io.bankssandbox.internal.era.EraView;
import io.bankssandbox.internal.era.RemittanceView;
import java.util.List;

/**
 * {@link Sandbox.Eras} over HTTP: an ERA by id or by remittance from the control API, the rest from
 * {@code /v0} as the operator.
 */
final class RemoteEras implements Sandbox.Eras {
    private final ControlApi api;

    RemoteEras(ControlApi api) {
        this.api = api;
    }

    @Override
    public Era get(String eraId) {
        return era("/_sandbox/eras/" + ControlApi.segment(eraId));
    }

    @Override
    public Era ofRemittance(String remittanceId) {
        return era("/_sandbox/remittances/" + ControlApi.segment(remittanceId) + "/era");
    }

    @Override
    public Era ofTransaction(String transactionId) {
        return era("/v0/transactions/" + ControlApi.segment(transactionId) + "/era");
    }

    private Era era(String path) {
        return Values.era(api.decode(api.get(path), EraView.class));
    }

    @Override
    public List<Remittance> remittances(String entityId) {
        return api.decodeEach(api.everyPage(ControlApi.query("/v0/remittances", "entity_id", entityId)),
                RemittanceView.class).stream().map(Values::remittance).toList();
    }

    @Override
    public String x12(String remittanceId) {
        return api.getText("/v0/remittances/" + ControlApi.segment(remittanceId) + "/era");
    }
}
