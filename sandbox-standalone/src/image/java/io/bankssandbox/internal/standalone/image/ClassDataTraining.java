package io.bankssandbox.internal.standalone.image;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The image's class-data archive of the jar's classes, recorded now by a training run of the staged
 * image, so a container's first start needs none. Java 17 accepts a dynamic archive only for the jar
 * at the path it was recorded with (the same file, or that path's file of the same size and time).
 * That path cannot be {@code /app/banks-sandbox.jar} on the build machine, so the training names the
 * jar {@code /proc/self/cwd/../app/banks-sandbox.jar} from the staged {@code /data}: in the container,
 * whose working directory is {@code /data}, that path is the image's jar, and the JVM checks it by
 * inode. (A container started with another working directory still runs, without the archive.)
 */
final class ClassDataTraining {
    /** The JVM options of the image's entrypoint and health check, and of this training run. */
    static final List<String> JVM_OPTIONS = List.of("-XX:-UsePerfData", "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
    static final String JAR_AS_RECORDED = "/proc/self/cwd/.." + ImageRoot.JAR;
    private static final Pattern LISTENING = Pattern.compile("Banks Sandbox listening on (http://\\S+)");

    private ClassDataTraining() {}

    static void run(ImageRoot root) throws IOException, InterruptedException {
        Path archive = root.file(ImageRoot.ARCHIVE);
        Files.deleteIfExists(archive);
        List<String> command = new ArrayList<>(List.of(root.file(ImageRoot.JAVA).toString(), "-XX:ArchiveClassesAtExit=" + archive));
        command.addAll(JVM_OPTIONS);
        command.addAll(List.of("-jar", JAR_AS_RECORDED, "serve", "--port", "0", "--clock", "frozen"));
        ProcessBuilder builder = new ProcessBuilder(command).directory(root.file(ImageRoot.DATA).toFile()).redirectErrorStream(true);
        builder.environment().keySet().removeIf(name -> name.startsWith("BANKS_SANDBOX_")); // the build's own variables
        long started = System.nanoTime();
        Process jvm = builder.start();
        StringBuilder output = new StringBuilder();
        CompletableFuture<String> url = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = lines.readLine()) != null; ) {
                    output.append(line).append('\n');
                    Matcher m = LISTENING.matcher(line);
                    if (m.find()) {
                        url.complete(m.group(1));
                    }
                }
            } catch (IOException e) {
                url.completeExceptionally(e);
            }
            url.completeExceptionally(new IOException("the training run ended before listening:\n" + output));
        }, "image-training-output");
        reader.setDaemon(true);
        reader.start();
        try {
            train(url.get(120, TimeUnit.SECONDS));
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            jvm.destroyForcibly();
            throw new IllegalStateException("class-data training run: " + e.getMessage() + "\n" + output, e);
        } finally {
            jvm.destroy(); // SIGTERM: the JVM writes the archive as it exits
        }
        if (!jvm.waitFor(120, TimeUnit.SECONDS)) {
            jvm.destroyForcibly();
            throw new IllegalStateException("the training run did not stop on SIGTERM:\n" + output);
        }
        reader.join(10_000);
        if (!Files.isRegularFile(archive)) {
            throw new IllegalStateException("the training run wrote no class-data archive:\n" + output);
        }
        System.out.printf(java.util.Locale.ROOT, "%sclass-data archive %.1f MiB in %.1f s%n", ImageBuild.LOG,
                Files.size(archive) / 1048576.0, (System.nanoTime() - started) / 1e9);
    }

    /** What a first session does: health, /v0 reads and a create, control moves, a sandbox on demand, the document. */
    private static void train(String url) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();
        Exchange bank = new Exchange(http, url);
        bank.send("GET", "/_sandbox/health", null);
        String accounts = bank.send("GET", "/v0/accounts?limit=5", null);
        Matcher first = Pattern.compile("\"id\"\\s*:\\s*\"(account_[^\"]+)\"").matcher(accounts);
        if (!first.find()) {
            throw new IOException("no account in " + accounts);
        }
        String account = first.group(1);
        bank.send("GET", "/v0/accounts/" + account, null);
        bank.send("GET", "/v0/cards/card_0000006ffif7l9i19ra5", null); // a card of the default fixtures
        bank.send("POST", "/v0/cards", "{\"bank_account_id\":\"" + account + "\",\"nickname\":\"Training\"}");
        bank.send("POST", "/_sandbox/inbound-ach-transfers", "{\"account_id\":\"" + account + "\",\"amount\":12500}");
        bank.send("POST", "/_sandbox/clock/advance", "{\"by\":\"PT1H\"}");
        bank.send("GET", "/_sandbox/requests", null);
        bank.send("GET", "/_sandbox/openapi.json", null);
        String created = bank.send("POST", "/_sandbox/sandboxes", "{}");
        Matcher id = Pattern.compile("\"id\"\\s*:\\s*\"([^\"]+)\"").matcher(created);
        if (id.find()) {
            bank.send("DELETE", "/_sandbox/sandboxes/" + id.group(1), null);
        }
        bank.send("POST", "/_sandbox/reset", null);
    }

    private record Exchange(HttpClient http, String url) {
        String send(String method, String path, String json) throws IOException, InterruptedException {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url + path)).timeout(Duration.ofSeconds(60))
                    .header("Authorization", "Bearer lm_key_sandbox_all")
                    .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
            if (json != null) {
                request.header("Content-Type", "application/json").header("Idempotency-Key", "training-" + path.hashCode());
            }
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() >= 500) { // a refusal (a 400 of validation) trains as well as an answer
                throw new IOException(method + " " + path + " answered " + response.statusCode() + ": " + response.body());
            }
            return response.body();
        }
    }
}
