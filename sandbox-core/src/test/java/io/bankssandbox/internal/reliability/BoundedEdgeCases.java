package io.bankssandbox.internal.reliability;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCases;
import net.jqwik.api.RandomGenerator;

/**
 * An arbitrary whose prepared edge cases are at most {@code limit}, whatever the tries. jqwik
 * prepares up to one edge case per try before the first try runs, and the fuzz requests' edge cases
 * are its largest bodies and strings: a 100,000-try run ran out of a 3 GB heap before its first
 * request. Random generation is the wrapped arbitrary's own.
 */
final class BoundedEdgeCases<T> implements Arbitrary<T> {
    private final Arbitrary<T> arbitrary;
    private final int limit;

    BoundedEdgeCases(Arbitrary<T> arbitrary, int limit) {
        this.arbitrary = arbitrary;
        this.limit = limit;
    }

    @Override
    public RandomGenerator<T> generator(int genSize) {
        return arbitrary.generator(genSize);
    }

    @Override
    public RandomGenerator<T> generator(int genSize, boolean withEmbeddedEdgeCases) {
        return arbitrary.generator(genSize, withEmbeddedEdgeCases);
    }

    @Override
    public EdgeCases<T> edgeCases(int maxEdgeCases) {
        return arbitrary.edgeCases(Math.min(maxEdgeCases, limit));
    }
}
