package io.bankssandbox.testcontainers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bankssandbox.ClockMode;
import io.bankssandbox.Sandbox;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.output.OutputFrame;
import org.testcontainers.containers.wait.strategy.WaitStrategy;
import org.testcontainers.utility.DockerImageName;

/**
 * The Banks Sandbox image ({@code banks-sandbox:<version>}) as a Testcontainers container, scripted with the
 * same {@link Sandbox} handle as a sandbox started in process:
 *
 * <pre>{@code
 * @Container
 * static BanksSandboxContainer bank = new BanksSandboxContainer().withClock(ClockMode.FROZEN);
 *
 * try (Sandbox sandbox = bank.newSandbox()) {          // isolated, through the one published port
 *     sandbox.inboundAch().simulate(sandbox.accounts().named("Riverside Operating").id(), 125_00);
 *     // the application under test calls sandbox.baseUrl() with sandbox.apiKey()
 * }
 * }</pre>
 *
 * Every {@code serve} option is an environment variable {@code BANKS_SANDBOX_<OPTION>}: the {@code with...}
 * methods set the common ones, {@link #withEnv(String, String)} any other ({@code BANKS_SANDBOX_ADMIN_TOKEN},
 * which {@link #sandbox()} and {@link #newSandbox()} then send). The container is started when
 * {@code /_sandbox/health} answers; one that does not start throws with its log in the message.
 */
public class BanksSandboxContainer extends GenericContainer<BanksSandboxContainer> {
    /** The port the image serves on, inside the container. */
    public static final int PORT = 8080;
    /** The environment variable of the admin token, which the handles of this container send. */
    public static final String ADMIN_TOKEN = "BANKS_SANDBOX_ADMIN_TOKEN";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** As much of a failed container's log as a message should carry. */
    private static final int KEPT_LOG_CHARS = 32_768;

    private final StringBuilder output = new StringBuilder();
    private final WaitStrategy health = new HealthWait(null);
    private Sandbox host;

    /** The image of this version of the library: {@code banks-sandbox:} {@link Sandbox#version()}. */
    public BanksSandboxContainer() {
        this(DockerImageName.parse("banks-sandbox:" + Sandbox.version()));
    }

    /** Another image or tag of it ({@code registry.example.com/banks-sandbox:0.1.0}). */
    public BanksSandboxContainer(DockerImageName image) {
        super(image);
        withExposedPorts(PORT);
        waitingFor(health);
        withLogConsumer(this::keep);
    }

    /** The token is known once every {@code with...} was called: the health wait asks with it, unless replaced. */
    @Override
    protected void configure() {
        super.configure();
        if (getWaitStrategy() == health && getEnvMap().get(ADMIN_TOKEN) != null) {
            waitingFor(new HealthWait(getEnvMap().get(ADMIN_TOKEN)));
        }
    }

    /** The fixture set: a name of the image's ({@code default}) or a directory inside the container. */
    public BanksSandboxContainer withFixtures(String fixtures) {
        return withEnv("BANKS_SANDBOX_FIXTURES", fixtures);
    }

    /** {@code FROZEN}: the clock moves only when advanced; {@code RUNNING} (the image's default): with the wall clock too. */
    public BanksSandboxContainer withClock(ClockMode mode) {
        return withEnv("BANKS_SANDBOX_CLOCK", mode.name().toLowerCase(Locale.ROOT));
    }

    /** Where the clock starts (else the fixture set's time). */
    public BanksSandboxContainer withStart(Instant start) {
        return withEnv("BANKS_SANDBOX_START", start.toString());
    }

    /** The seed of the ids and numbers the sandbox makes. */
    public BanksSandboxContainer withSeed(long seed) {
        return withEnv("BANKS_SANDBOX_SEED", Long.toString(seed));
    }

    /** {@code http://HOST:PORT} of the container's own sandbox, as this machine reaches it. */
    public String getBaseUrl() {
        return "http://" + getHost() + ":" + getMappedPort(PORT);
    }

    /** The key of the container's own sandbox that sees every entity ({@code lm_key_sandbox_all} on the default fixtures). */
    public String getApiKey() {
        return sandbox().apiKey();
    }

    /**
     * The handle of the container's own sandbox ({@link Sandbox#connect}): every section over HTTP. Closing
     * it lets go of it; the sandbox stops with the container.
     */
    public synchronized Sandbox sandbox() {
        if (host == null) {
            host = Sandbox.connect(URI.create(getBaseUrl()), getEnvMap().get(ADMIN_TOKEN));
        }
        return host;
    }

    /**
     * A new sandbox on demand ({@code POST /_sandbox/sandboxes}): isolated from every other, reached
     * through the container's one published port at its own path; closing its handle closes it.
     *
     * @throws io.bankssandbox.SandboxException as the route refuses (429 past {@code BANKS_SANDBOX_MAX_SANDBOXES})
     */
    public Sandbox newSandbox() {
        String adminToken = getEnvMap().get(ADMIN_TOKEN);
        HttpRequest.Builder create = HttpRequest.newBuilder(URI.create(getBaseUrl() + "/_sandbox/sandboxes"))
                .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.noBody());
        if (adminToken != null) {
            create.header("Authorization", "Bearer " + adminToken);
        }
        HttpResponse<String> created;
        try {
            created = HttpClient.newHttpClient().send(create.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("the container at " + getBaseUrl() + " did not answer"
                    + " POST /_sandbox/sandboxes: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating a sandbox", e);
        }
        JsonNode answer = readTree(created.body());
        if (created.statusCode() != 201) {
            throw new io.bankssandbox.SandboxException(created.statusCode(), messages(answer, created.body()));
        }
        return Sandbox.connect(URI.create(answer.path("base_url").asText()), adminToken);
    }

    private static JsonNode readTree(String body) {
        try {
            return JSON.readTree(body);
        } catch (IOException notJson) {
            return JSON.missingNode();
        }
    }

    private static java.util.List<String> messages(JsonNode answer, String body) {
        JsonNode message = answer.path("message");
        if (message.isArray()) {
            java.util.List<String> all = new java.util.ArrayList<>();
            message.forEach(m -> all.add(m.asText()));
            return all;
        }
        return java.util.List.of(message.isTextual() ? message.asText() : body);
    }

    /**
     * Starts the container and waits for {@code /_sandbox/health}. One that exits or never answers throws
     * with the container's log in the message, where a test report shows it.
     */
    @Override
    public void start() {
        output.setLength(0);
        try {
            super.start();
        } catch (RuntimeException e) {
            // the log as the engine holds it is whole; the followed output may lag behind an exit just seen
            String log = engineLog();
            if (log.isBlank()) {
                synchronized (output) {
                    log = output.toString();
                }
            }
            throw new ContainerLaunchException("the Banks Sandbox container (" + getDockerImageName()
                    + ") did not start: " + e.getMessage() + "; its log:\n" + (log.isBlank() ? "(empty)" : log), e);
        }
    }

    /** The failed container's log as the engine holds it, bounded; empty when there is no container to ask. */
    private String engineLog() {
        try {
            String log = getContainerId() == null ? "" : getLogs();
            return log.length() > KEPT_LOG_CHARS ? log.substring(log.length() - KEPT_LOG_CHARS) : log;
        } catch (RuntimeException gone) {
            return "";
        }
    }

    /** Keeps the container's output as it comes, bounded, for the message of a failed start. */
    private void keep(OutputFrame frame) {
        synchronized (output) {
            output.append(frame.getUtf8String());
            if (output.length() > KEPT_LOG_CHARS) {
                output.delete(0, output.length() - KEPT_LOG_CHARS);
            }
        }
    }

    @Override
    public void stop() {
        synchronized (this) {
            host = null;
        }
        super.stop();
    }
}
