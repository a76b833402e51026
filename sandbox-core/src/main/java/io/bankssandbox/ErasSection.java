package io.bankssandbox;

import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.era.EraDirectory;
import io.bankssandbox.internal.era.EraView;
import io.bankssandbox.internal.era.RemittanceView;
import io.bankssandbox.internal.era.Remittances;
import io.bankssandbox.internal.era.RemittancesFeature;
import io.bankssandbox.internal.lockbox.ReceivedWindow;
import java.util.List;

/** {@link Sandbox.Eras}: the ERA and remittance reads of /v0, as a key that sees every entity. */
final class ErasSection implements Sandbox.Eras {
    private final Operator operator;

    ErasSection(Operator operator) {
        this.operator = operator;
    }

    @Override
    public Era get(String eraId) {
        return operator.call(() -> Values.era(EraView.of(operator.runtime().state().read(state ->
                EraDirectory.get(state, Caller.OPERATOR, eraId)))));
    }

    @Override
    public Era ofRemittance(String remittanceId) {
        return operator.call(() -> Values.era(EraView.of(operator.runtime().state().read(state ->
                Remittances.get(state, Caller.OPERATOR, remittanceId)))));
    }

    @Override
    public Era ofTransaction(String transactionId) {
        return operator.call(() -> Values.era(EraView.of(operator.runtime().state().read(state ->
                EraDirectory.forTransaction(state, Caller.OPERATOR, transactionId)))));
    }

    @Override
    public List<Remittance> remittances(String entityId) {
        Remittances.Filter everything = new Remittances.Filter(null, ReceivedWindow.ALL, null);
        return operator.call(() -> operator.runtime().state().read(state ->
                Remittances.list(state, Caller.OPERATOR, entityId, everything, null, Integer.MAX_VALUE).items()
                        .stream().map(era -> Values.remittance(RemittanceView.of(era))).toList()));
    }

    @Override
    public String x12(String remittanceId) {
        return operator.call(() -> operator.feature(RemittancesFeature.class).x12(Caller.OPERATOR, remittanceId));
    }
}
