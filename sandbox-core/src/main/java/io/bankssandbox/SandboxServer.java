package io.bankssandbox;

import io.bankssandbox.accounts.AccountDetailsFeature;
import io.bankssandbox.accounts.AccountsFeature;
import io.bankssandbox.ach.InboundAchFeature;
import io.bankssandbox.cards.CardsFeature;
import io.bankssandbox.control.ControlFeature;
import io.bankssandbox.entities.EntitiesFeature;
import io.bankssandbox.externalaccounts.ExternalAccountsFeature;
import io.bankssandbox.era.EraFeature;
import io.bankssandbox.fixtures.Contracts;
import io.bankssandbox.http.ApiRouter;
import io.bankssandbox.http.HttpPipeline;
import io.bankssandbox.lockbox.LockboxFeature;
import io.bankssandbox.carddetails.CardDetailsFeature;
import io.bankssandbox.entities.EntityDetailsFeature;
import io.bankssandbox.transactions.TransactionsFeature;
import io.bankssandbox.transfers.TransfersFeature;
import io.javalin.Javalin;
import io.javalin.http.HandlerType;
import java.util.List;

/** Assembles one sandbox: its runtime, its features, and the Javalin server in front of them. */
final class SandboxServer {
    private final SandboxRuntime runtime;
    private final Javalin app;

    SandboxServer(SandboxConfig config) {
        this.runtime = new SandboxRuntime(config);
        HttpPipeline pipeline = new HttpPipeline(runtime.clock(), runtime.timeMachine(),
                () -> runtime.state().read(s -> s.apiKeys), Contracts.openApiValidator(), runtime.idempotency(),
                runtime.journal(), runtime.faults(), runtime.rateLimiter(), config.adminToken());
        List<Feature> features = List.of(
                new EntitiesFeature(runtime),
                new AccountsFeature(runtime),
                new CardsFeature(runtime, pipeline),
                new LockboxFeature(runtime),
                new ExternalAccountsFeature(runtime, pipeline),
                new InboundAchFeature(runtime),
                new EraFeature(runtime),
                new EntityDetailsFeature(runtime),
                new AccountDetailsFeature(runtime),
                new TransactionsFeature(runtime, pipeline),
                new TransfersFeature(runtime, pipeline),
                new CardDetailsFeature(runtime),
                new ControlFeature(runtime));
        runtime.install(features);
        this.app = Javalin.create(javalin -> {
            javalin.startup.showJavalinBanner = false;
            javalin.http.maxRequestSize = 64L * 1024 * 1024; // our BodyReader enforces the 1 MiB limit
            javalin.jetty.host = config.host();
            javalin.jetty.port = config.port();
            javalin.jetty.modifyServer(server -> server.setErrorHandler(new io.bankssandbox.http.JsonErrorPages()));
            ApiRouter api = new ApiRouter(javalin.routes, pipeline, Contracts.openApi(), HttpPipeline.Family.API);
            ApiRouter control = new ApiRouter(javalin.routes, pipeline, Contracts.openApi(), HttpPipeline.Family.CONTROL);
            for (Feature feature : features) {
                feature.routes(api);
                feature.controlRoutes(control);
            }
            javalin.routes.get("/_sandbox/openapi.json", ctx -> ctx.contentType("application/json").result(Contracts.openApi().bytes()));
            for (HandlerType method : List.of(HandlerType.GET, HandlerType.POST, HandlerType.PUT, HandlerType.PATCH,
                    HandlerType.DELETE)) {
                javalin.routes.addEndpoint(new io.javalin.router.Endpoint(method, "/*", pipeline::notFound));
            }
        });
    }

    SandboxRuntime runtime() {
        return runtime;
    }

    Javalin app() {
        return app;
    }

    void start() {
        app.start();
    }

    int port() {
        return app.port();
    }

    void stop() {
        app.stop();
    }
}
