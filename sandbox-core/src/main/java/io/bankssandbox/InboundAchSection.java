package io.bankssandbox;

import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.ach.InboundAchFeature;
import io.bankssandbox.internal.ach.InboundAchLifecycle;
import java.util.List;

/** {@link Sandbox.InboundAch}: the inbound ACH simulations of the control API and the reads of /v0. */
final class InboundAchSection implements Sandbox.InboundAch {
    private final Operator operator;

    InboundAchSection(Operator operator) {
        this.operator = operator;
    }

    private InboundAchFeature feature() {
        return operator.feature(InboundAchFeature.class);
    }

    @Override
    public InboundAchTransfer simulate(InboundAchTransfer.Arrival arrival) {
        InboundAchLifecycle.Arrival command = Values.arrival(arrival);
        operator.check("POST", "/_sandbox/inbound-ach-transfers", command);
        return operator.call(() -> Values.transfer(feature().simulate(command)));
    }

    @Override
    public InboundAchTransfer accept(String transferId) {
        return operator.call(() -> Values.transfer(feature().accept(transferId)));
    }

    @Override
    public InboundAchTransfer decline(String transferId, String reason) {
        operator.check("POST", "/_sandbox/inbound-ach-transfers/{id}/decline", Values.reason(reason));
        return operator.call(() -> Values.transfer(feature().decline(transferId, reason)));
    }

    @Override
    public InboundAchTransfer returnTransfer(String transferId, String reason) {
        operator.check("POST", "/_sandbox/inbound-ach-transfers/{id}/return", Values.reason(reason));
        return operator.call(() -> Values.transfer(feature().returnTransfer(transferId, reason)));
    }

    @Override
    public InboundAchTransfer get(String transferId) {
        return operator.call(() -> Values.transfer(operator.runtime().state().read(state ->
                InboundAchLifecycle.get(state, Caller.OPERATOR, transferId))));
    }

    @Override
    public List<InboundAchTransfer> all() {
        return of(null);
    }

    @Override
    public List<InboundAchTransfer> of(String accountId) {
        return operator.call(() -> operator.runtime().state().read(state ->
                InboundAchLifecycle.list(state, Caller.OPERATOR, accountId, null, Integer.MAX_VALUE).items().stream()
                        .map(Values::transfer).toList()));
    }
}
