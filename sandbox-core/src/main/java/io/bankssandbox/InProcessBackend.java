package io.bankssandbox;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.server.SandboxServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;

/** A sandbox this JVM runs: each section calls the operation its route calls, with no HTTP in between. */
final class InProcessBackend implements Backend {
    private final SandboxServer server;
    /** Read once at start: it stays what the sandbox listened on after close, for messages and checks. */
    private final int port;
    private final Sections sections;

    InProcessBackend(SandboxServer server) {
        this.server = server;
        this.port = server.port();
        Operator operator = new Operator(server);
        this.sections = new Sections(new ClockSection(operator), new EntitiesSection(operator),
                new AccountsSection(operator), new TransactionsSection(operator), new CardsSection(operator),
                new InboundAchSection(operator), new InsurancePaymentsSection(operator), new ErasSection(operator),
                new LockboxSection(operator), new CheckDepositsSection(operator), new ExternalAccountsSection(operator),
                new AchTransfersSection(operator), new WebhooksSection(operator), new FaultsSection(operator),
                new JournalSection(operator));
    }

    SandboxServer server() {
        return server;
    }

    @Override
    public Sections sections() {
        return sections;
    }

    @Override
    public String baseUrl() {
        String host = server.runtime().config().host();
        if ("0.0.0.0".equals(host)) {
            host = "127.0.0.1";
        }
        return "http://" + host + ":" + port;
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public List<SandboxConfig.ApiKey> apiKeys() {
        return server.runtime().state().read(s -> s.apiKeys.stream()
                .map(key -> new SandboxConfig.ApiKey(key.key(), key.description(), key.entityIds())).toList());
    }

    @Override
    public void reset() {
        server.runtime().reset();
    }

    @Override
    public JsonNode exportState() {
        return server.runtime().exportState();
    }

    @Override
    public void importState(JsonNode document) {
        Operator.refusals(() -> {
            server.runtime().importState(document);
            return null;
        });
    }

    @Override
    public void exportState(OutputStream out) throws IOException {
        server.runtime().exportState(out);
    }

    @Override
    public void importState(InputStream in) throws IOException {
        try {
            Operator.refusals(() -> {
                try {
                    server.runtime().importState(in);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return null;
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    @Override
    public void close() {
        server.stop();
    }
}
