package io.bankssandbox.internal.http;

/**
 * One step of the request path. A filter does its one job and calls {@link Exchange#proceed()} to
 * run the steps after it (or does not, to answer on its own); work after {@code proceed()} returns
 * runs on the way back out. {@link HttpPipeline} composes the filters, in order, in one place.
 */
@FunctionalInterface
interface Filter {
    void apply(Exchange exchange);
}
