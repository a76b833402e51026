package io.bankssandbox.internal.reliability;

import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * Tries of the operation-sequence property from the {@code fuzz.sequences} system property (the
 * build sets it; {@code -Pfuzz-long} raises it): a sequence costs tens of requests, so it cannot
 * share {@code jqwik.tries.default} with the one-request fuzz property.
 */
public final class SequenceTries implements AroundPropertyHook {
    static final int DEFAULT = 40;

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        context.attributes().setTries(Integer.getInteger("fuzz.sequences", DEFAULT));
        return property.execute();
    }
}
