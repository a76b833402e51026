package io.bankssandbox.internal.reliability;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCases;
import net.jqwik.api.RandomGenerator;

/**
 * An arbitrary that draws as a run of at most {@code size} tries would, however many tries there
 * are. jqwik sizes generation by the tries: it prepares up to one edge case per try, and inside a
 * {@code flatMap} it prepares them again for every route's combination. The fuzz requests' edge
 * cases are their largest bodies and strings, so a 100,000-try run ran out of a 2 GB heap before its
 * first request. Capped, a bigger run draws from the same values as a run of {@code size}, more often.
 */
final class SizeCappedArbitrary<T> implements Arbitrary<T> {
    private final Arbitrary<T> arbitrary;
    private final int size;

    SizeCappedArbitrary(Arbitrary<T> arbitrary, int size) {
        this.arbitrary = arbitrary;
        this.size = size;
    }

    @Override
    public RandomGenerator<T> generator(int genSize) {
        return arbitrary.generator(Math.min(genSize, size));
    }

    @Override
    public RandomGenerator<T> generator(int genSize, boolean withEmbeddedEdgeCases) {
        return arbitrary.generator(Math.min(genSize, size), withEmbeddedEdgeCases);
    }

    @Override
    public EdgeCases<T> edgeCases(int maxEdgeCases) {
        return arbitrary.edgeCases(Math.min(maxEdgeCases, size));
    }
}
