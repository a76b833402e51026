package io.bankssandbox.internal.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/frontend.md's "a sandbox per test": its curl commands run as written against a real server
 * (its address and the new sandbox's id put in for the page's), each answered 2xx, the answer to the
 * create shaped as the page shows it (every field, {@code base_url} under the server's address at
 * {@code /sandboxes/{id}}), and the sandbox's address answering 404 once the page's DELETE closed it.
 */
class SandboxPerTestDocTest {
    private static final Path PAGE = Path.of("..", "docs", "frontend.md");
    private static final String SHOWN_SERVER = "http://127.0.0.1:8080";
    private static final String SHOWN_ID = "sandbox_k2v9...";
    private static final Pattern BLOCK = Pattern.compile("## Parallel tests: a sandbox per test.*?```bash\n(.*?)```", Pattern.DOTALL);
    private static final Pattern WORD = Pattern.compile("'([^']*)'|(\\S+)");
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    /** One curl command of the page: its method, URL, headers and body. */
    private record Curl(String method, String url, List<String> headers, String body) {
        static Curl parse(String line) {
            List<String> words = new ArrayList<>();
            Matcher word = WORD.matcher(line);
            while (word.find()) {
                words.add(word.group(1) != null ? word.group(1) : word.group(2));
            }
            String method = null;
            String url = null;
            String body = null;
            List<String> headers = new ArrayList<>();
            for (int i = 1; i < words.size(); i++) {
                switch (words.get(i)) {
                    case "-s" -> { }
                    case "-X" -> method = words.get(++i);
                    case "-H" -> headers.add(words.get(++i));
                    case "-d" -> body = words.get(++i);
                    default -> url = words.get(i);
                }
            }
            return new Curl(method != null ? method : body != null ? "POST" : "GET", url, headers, body);
        }

        HttpResponse<String> send(String server, String id) throws Exception {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url.replace(SHOWN_SERVER, server).replace(SHOWN_ID, id)));
            for (String header : headers) {
                request.header(header.substring(0, header.indexOf(':')), header.substring(header.indexOf(':') + 1).trim());
            }
            request.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
            return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }
    }

    @Test
    void theCurlCommandsRunAsWrittenAndTheCreateAnswersAsShown() throws Exception {
        Matcher block = BLOCK.matcher(Files.readString(PAGE));
        assertThat(block.find()).as("the page's bash block of a sandbox per test").isTrue();
        String text = block.group(1).replace("\\\n", " ");
        List<Curl> commands = new ArrayList<>();
        StringBuilder shown = new StringBuilder();
        for (String line : text.split("\n")) {
            if (line.startsWith("curl ")) {
                commands.add(Curl.parse(line));
            } else if (commands.size() == 1 && (line.startsWith("# {") || line.startsWith("#  \""))) {
                shown.append(line.substring(2));
            }
        }
        assertThat(commands).hasSize(5);
        JsonNode shownCreated = Http.JSON.readTree(shown.toString());

        try (SandboxProcess server = SandboxProcess.start("--port", "0", "--clock", "frozen")) {
            HttpResponse<String> created = commands.get(0).send(server.baseUrl(), SHOWN_ID);
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
            JsonNode sandbox = Http.JSON.readTree(created.body());
            List<String> fields = new ArrayList<>();
            sandbox.fieldNames().forEachRemaining(fields::add);
            List<String> shownFields = new ArrayList<>();
            shownCreated.fieldNames().forEachRemaining(shownFields::add);
            assertThat(fields).isEqualTo(shownFields);
            String id = sandbox.get("id").asText();
            assertThat(sandbox.get("base_url").asText())
                    .isEqualTo(shownCreated.get("base_url").asText().replace(SHOWN_SERVER, server.baseUrl()).replace(SHOWN_ID, id));
            assertThat(sandbox.get("dashboard_url").asText())
                    .isEqualTo(shownCreated.get("dashboard_url").asText().replace(SHOWN_SERVER, server.baseUrl()).replace(SHOWN_ID, id));
            assertThat(sandbox.get("name").asText()).isEqualTo(shownCreated.get("name").asText());

            for (Curl command : commands.subList(1, commands.size())) {
                HttpResponse<String> answer = command.send(server.baseUrl(), id);
                assertThat(answer.statusCode()).as(command + " " + answer.body()).isBetween(200, 299);
            }
            assertThat(Http.get(sandbox.get("base_url").asText() + "/v0/accounts", "lm_key_sandbox_all").statusCode())
                    .as("the closed sandbox's address").isEqualTo(404);
        }
    }
}
