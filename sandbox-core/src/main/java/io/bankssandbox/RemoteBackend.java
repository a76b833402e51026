package io.bankssandbox;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.state.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A sandbox running elsewhere (a standalone server, a sandbox on demand, a container), reached through
 * its control API. A base URL ending in {@code /sandboxes/{id}} is a sandbox on demand, which its
 * server closes on {@code DELETE /_sandbox/sandboxes/{id}} under the same origin and prefix; any other
 * is a server's own sandbox, which a handle only lets go of.
 */
final class RemoteBackend implements Backend {
    private static final Pattern ON_DEMAND = Pattern.compile("^(.*)/sandboxes/([^/]+)$");

    private final URI baseUrl;
    private final ControlApi api;
    private final Sections sections;

    RemoteBackend(URI baseUrl, String adminToken) {
        this.baseUrl = baseUrl;
        this.api = new ControlApi(baseUrl.toString(), adminToken);
        this.sections = new Sections(new RemoteClock(api), new RemoteEntities(api), new RemoteAccounts(api),
                new RemoteTransactions(api), new RemoteCards(api), new RemoteInboundAch(api),
                new RemoteInsurancePayments(api), new RemoteEras(api), new RemoteLockbox(api),
                new RemoteCheckDeposits(api), new RemoteExternalAccounts(api), new RemoteAchTransfers(api),
                new RemoteWebhooks(api), new RemoteFaults(api), new RemoteJournal(api));
    }

    /**
     * {@code http://host:port[/prefix]} without a trailing slash, checked to be an address a handle can
     * call, and checked to answer as a Banks Sandbox does ({@code GET /_sandbox/health}).
     */
    static RemoteBackend connect(URI baseUrl, String adminToken) {
        if (baseUrl == null || baseUrl.getHost() == null
                || !("http".equals(baseUrl.getScheme()) || "https".equals(baseUrl.getScheme()))
                || baseUrl.getRawQuery() != null || baseUrl.getRawFragment() != null) {
            throw new IllegalArgumentException("a sandbox's base URL is http(s)://host:port, with its path if it has"
                    + " one (a sandbox on demand: .../sandboxes/{id}), and no query: " + baseUrl);
        }
        String text = baseUrl.toString();
        while (text.endsWith("/")) {
            text = text.substring(0, text.length() - 1);
        }
        RemoteBackend backend = new RemoteBackend(URI.create(text), adminToken);
        JsonNode health = backend.api.get("/_sandbox/health");
        if (!"ok".equals(health.path("status").asText())) {
            throw new IllegalStateException(text + " answers /_sandbox/health with " + health + ", not as a Banks Sandbox");
        }
        return backend;
    }

    @Override
    public Sections sections() {
        return sections;
    }

    @Override
    public String baseUrl() {
        return api.base();
    }

    /** The port of the base URL (80 or 443 when it names none): on demand, the port of the server it goes through. */
    @Override
    public int port() {
        return baseUrl.getPort() != -1 ? baseUrl.getPort() : "https".equals(baseUrl.getScheme()) ? 443 : 80;
    }

    /** The state document's {@code api_keys}, read as the document streams by: the rest is skipped, never held. */
    @Override
    public List<SandboxConfig.ApiKey> apiKeys() {
        List<SandboxConfig.ApiKey> keys = new ArrayList<>();
        try (InputStream state = api.open("/_sandbox/state"); JsonParser parser = Json.MAPPER.createParser(state)) {
            parser.nextToken();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String table = parser.currentName();
                parser.nextToken();
                if (!"api_keys".equals(table)) {
                    parser.skipChildren();
                    continue;
                }
                for (JsonNode key : (JsonNode) parser.readValueAsTree()) {
                    List<String> sees = new ArrayList<>();
                    key.path("entity_ids").forEach(id -> sees.add(id.asText()));
                    keys.add(new SandboxConfig.ApiKey(key.path("key").asText(),
                            key.path("description").isNull() ? null : key.path("description").asText(null), sees));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading the API keys of " + api.base() + ": " + e.getMessage(), e);
        }
        return keys;
    }

    @Override
    public void reset() {
        api.post("/_sandbox/reset", null);
    }

    @Override
    public JsonNode exportState() {
        return api.get("/_sandbox/state");
    }

    @Override
    public void importState(JsonNode document) {
        api.put("/_sandbox/state", document);
    }

    @Override
    public void exportState(OutputStream out) throws IOException {
        try (InputStream state = api.open("/_sandbox/state")) {
            state.transferTo(out);
        }
    }

    @Override
    public void importState(InputStream in) throws IOException {
        try {
            api.upload("/_sandbox/state", in);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /**
     * Closes a sandbox on demand ({@code DELETE}; one already gone, or a server that no longer answers,
     * leaves nothing to close); a server's own sandbox stays as it is.
     */
    @Override
    public void close() {
        Matcher onDemand = ON_DEMAND.matcher(api.base());
        if (!onDemand.matches()) {
            return;
        }
        ControlApi server = new ControlApi(onDemand.group(1), api.adminToken());
        try {
            server.delete("/_sandbox/sandboxes/" + onDemand.group(2));
        } catch (SandboxException e) {
            if (e.status() != 404) {
                throw e;
            }
        } catch (UncheckedIOException gone) {
            // the server is gone, and every sandbox it ran with it
        }
    }
}
