package io.bankssandbox;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;

/**
 * Where a {@link Sandbox} handle's calls go: a sandbox this JVM runs ({@link InProcessBackend}, the
 * domain called directly) or one running elsewhere ({@link RemoteBackend}, its control API over HTTP).
 * The handle and its section interfaces are one; these are their two ways in, as one HTTP call API
 * can run over several transports.
 */
interface Backend {
    /** The sections of the handle, each implemented for this way in. */
    Sections sections();

    String baseUrl();

    int port();

    List<SandboxConfig.ApiKey> apiKeys();

    void reset();

    JsonNode exportState();

    void importState(JsonNode document);

    void exportState(OutputStream out) throws IOException;

    void importState(InputStream in) throws IOException;

    void close();

    /**
     * The handle's fifteen sections. The record is what the two ways in share: {@code Sandbox} answers
     * its components and knows nothing of how they reach the sandbox.
     */
    record Sections(Sandbox.Clock clock, Sandbox.Entities entities, Sandbox.Accounts accounts,
                    Sandbox.Transactions transactions, Sandbox.Cards cards, Sandbox.InboundAch inboundAch,
                    Sandbox.InsurancePayments insurancePayments, Sandbox.Eras eras, Sandbox.Lockbox lockbox,
                    Sandbox.CheckDeposits checkDeposits, Sandbox.ExternalAccounts externalAccounts,
                    Sandbox.AchTransfers achTransfers, Sandbox.Webhooks webhooks, Sandbox.Faults faults,
                    Sandbox.Journal journal) {}
}
