package io.bankssandbox.internal.era;

import io.bankssandbox.internal.control.ControlCalls;
import java.util.List;
import java.util.Map;

/**
 * Remittance advice as the /v0 API shows it to a key that sees every entity: the ERA of the
 * transaction an insurance payment made ({@code GET /v0/transactions/{id}/era}, what reconciliation
 * reads), an entity's remittances, and a remittance's raw X12 835.
 */
public final class EraReads {
    private final ControlCalls calls;

    public EraReads(ControlCalls calls) {
        this.calls = calls;
    }

    /**
     * The ERA the transaction paid; a transaction without one (or an ERA whose ACH is not accepted yet)
     * throws {@code SandboxException} 404.
     */
    public EraView ofTransaction(String transactionId) {
        return calls.read(EraView.class, "/v0/transactions/{id}/era", Map.of("id", transactionId), Map.of());
    }

    /** The entity's remittances, one per ERA, newest received first. */
    public List<RemittanceView> remittances(String entityId) {
        return calls.readAll(RemittanceView.class, "/v0/remittances", Map.of(), Map.of("entity_id", entityId));
    }

    /** The remittance's ERA as the raw X12 835 (005010X221A1) a payer sends, one segment per line. */
    public String x12(String remittanceId) {
        return calls.read(String.class, "/v0/remittances/{remittance_id}/era", Map.of("remittance_id", remittanceId),
                Map.of());
    }
}
