package io.bankssandbox.internal.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.openapi.OpenApiDocument;
import io.bankssandbox.internal.requests.Fault;
import io.javalin.http.Context;
import java.util.List;
import java.util.Map;

/**
 * One request on its way through a filter chain, and its answer on the way back. Each field is
 * written by one filter (named beside it) and read by those after it, so the chain's order is the
 * only coupling between filters.
 */
public final class Exchange {
    private final List<Filter> chain;
    private int next;

    final Context ctx;
    final HttpPipeline.Family family;
    final Route route;
    final String method;
    final String target;
    final Map<String, String> pathParams;

    /** {@link AuthFilter}: who is asking; the 1-based position of its fixture key (0: none). */
    Caller caller;
    int apiKeyIndex;
    /** {@link BodyFilter}: the body as parsed, and as the journal keeps it. */
    JsonNode requestBody;
    byte[] requestJson;
    /** {@link BodyFilter}, for a route that reads its body itself: the body as a stream. */
    StreamedRequestBody requestStream;
    /** The body was read to its end (not streamed to the route): nothing is left for the write to drain. */
    boolean bodyReadWhole;
    /** {@link ValidationFilter}: query values checked against their schemas, with defaults; the bound command. */
    Map<String, String> query = Map.of();
    Object command;

    /** The answer: set by the route, a replay, a fault or {@link ErrorFilter}; written by {@link WriteFilter}. */
    int status = 500;
    Object body;
    String contentType = ApiResponse.JSON;
    String replayKind;
    String replayId;
    boolean replayed;
    ApiException error;
    /** {@link WriteFilter}: the bytes that went out (for a non-JSON body, a note of its type). */
    byte[] responseJson;
    /** {@link FaultFilter}: the fault that answered instead (null: none, nearly always). */
    ServedFault fault;

    Exchange(List<Filter> chain, Context ctx, HttpPipeline.Family family, Route route, String method, String target,
             Map<String, String> pathParams) {
        this.chain = chain;
        this.ctx = ctx;
        this.family = family;
        this.route = route;
        this.method = method;
        this.target = target;
        this.pathParams = pathParams;
    }

    /** Runs the rest of the chain. */
    void proceed() {
        chain.get(next++).apply(this);
    }

    /** A GET or a HEAD: reads, changes nothing. */
    boolean reads() {
        return "GET".equals(method) || "HEAD".equals(method);
    }

    OpenApiDocument.Operation operation() {
        return route.operation();
    }

    String header(String name) {
        return ctx.header(name);
    }

    void answer(ApiResponse response) {
        status = response.status();
        body = response.body();
        contentType = response.contentType();
        replayKind = response.replayKind();
        replayId = response.replayId();
    }

    void answerJson(int answerStatus, Object answerBody) {
        status = answerStatus;
        body = answerBody;
        contentType = ApiResponse.JSON;
    }

    /**
     * The fault's answer replaces whatever was set (the real answer of a request processed first, whose
     * status and JSON the fault keeps for the journal): its status, its body (by default the status's
     * error, NestJS-shaped), its headers; or, for a connection it closes, nothing (status 0, as
     * an HTTP archive records a request without a response).
     */
    void answerFault(Fault scripted, boolean processed) {
        fault = new ServedFault(scripted, processed ? status : null, processed ? WriteFilter.answerJson(this) : null);
        error = null;
        replayed = false;
        replayKind = null;
        replayId = null;
        contentType = ApiResponse.JSON;
        if (scripted.closeConnection()) {
            status = 0;
            body = null;
            return;
        }
        status = scripted.status();
        body = scripted.body() != null ? scripted.body()
                : ErrorShape.NEST.render(ApiException.of(status, ErrorShape.reasonPhrase(status)));
    }

    /** Whether a fault closes this exchange's connection instead of answering it. */
    boolean resetsConnection() {
        return fault != null && fault.fault().closeConnection();
    }

    void fail(ApiException e) {
        error = e;
        status = e.status();
    }

    boolean succeeded() {
        return error == null && status >= 200 && status < 300;
    }
}
