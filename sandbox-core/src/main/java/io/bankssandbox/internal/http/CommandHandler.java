package io.bankssandbox.internal.http;

/** A thin route whose body is bound to the domain's command record {@code C} before it runs. */
@FunctionalInterface
public interface CommandHandler<C> {
    ApiResponse handle(ApiRequest request, C command);
}
