package io.bankssandbox.internal.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Deterministic values: ids (prefix, eight base-36 digits of the counter, twelve seeded characters)
 * the same in every version, digits drawn from the same sequence, digits
 * derived from a text's SHA-256, and a value made once on first use.
 */
class IdsAndDigitsTest {
    /** The default fixture set's seed: the ids a sandbox makes at run time under it. */
    private static final long FIXTURE_SEED = 42;

    @Test
    void anIdIsItsPrefixTheCounterInEightBase36DigitsAndTwelveCharactersOfTheSeed() {
        // the same in every run and every version: saved states, state files and recordings name these ids
        assertThat(IdGenerator.format("entity_", FIXTURE_SEED, 1)).isEqualTo("entity_00000001q5d662lkdqvi");
        assertThat(IdGenerator.format("entity_", FIXTURE_SEED, 2)).isEqualTo("entity_00000002ojxw5xfchdec");
        assertThat(IdGenerator.format("x_", FIXTURE_SEED, 36)).isEqualTo("x_00000010o61gw0wyarj7");
        assertThat(IdGenerator.format("x_", 7, 36L * 36 * 36 * 36 * 36 * 36 * 36 * 36)).startsWith("x_100000000")
                .hasSize(23).matches("x_[0-9a-z]{21}");
        assertThat(IdGenerator.format("x_", 1, 5)).isNotEqualTo(IdGenerator.format("x_", 2, 5));
    }

    @Test
    void aGeneratorDrawsCountersInOrderAndACopyGoesOnApart() {
        IdGenerator ids = new IdGenerator(FIXTURE_SEED, 1);
        assertThat(ids.seed()).isEqualTo(FIXTURE_SEED);
        IdGenerator copy = ids.copy();
        assertThat(ids.next("entity_")).isEqualTo("entity_00000001q5d662lkdqvi");
        assertThat(ids.next()).isEqualTo(2);
        assertThat(ids.next("entity_")).isEqualTo("entity_00000002ojxw5xfchdec");
        assertThat(copy.next()).as("a copy is not moved by its original").isEqualTo(1);
        assertThat(copy.next("entity_")).isEqualTo("entity_00000001q5d662lkdqvi");
        ids.resumeAt(1);
        assertThat(ids.next("entity_")).isEqualTo("entity_00000001q5d662lkdqvi");
    }

    @Test
    void digitsAreDrawnFromTheSameSequenceAndTakeACounter() {
        IdGenerator ids = new IdGenerator(FIXTURE_SEED, 100);
        String digits = ids.nextDigits(10);
        assertThat(digits).matches("[0-9]{10}");
        assertThat(ids.next()).isEqualTo(101);
        assertThat(new IdGenerator(FIXTURE_SEED, 100).nextDigits(10)).isEqualTo(digits);
        assertThat(new IdGenerator(FIXTURE_SEED, 100).nextDigits(4)).isEqualTo(digits.substring(0, 4));
        assertThat(ids.nextDigits(10)).isNotEqualTo(digits);
        assertThat(new IdGenerator(FIXTURE_SEED, 5).nextDigits(0)).isEmpty();
    }

    @Test
    void stableDigitsAreEachHexDigitOfTheTextsSha256ModuloTen() {
        // sha256("Riverside Family Medicine, P.C.") starts a9dec9c26fa9: the fixture NPI 1093429226 is 1 and these
        assertThat(StableDigits.of("Riverside Family Medicine, P.C.", 12)).isEqualTo("093429226509");
        // sha256("x") starts 2d711642b726
        assertThat(StableDigits.of("x", 12)).isEqualTo("237116421726");
        assertThat(StableDigits.of("x", 0)).isEmpty();
        assertThat(StableDigits.of("x", 64)).hasSize(64).matches("[0-9]{64}");
    }

    @Test
    void aLazyValueIsMadeOnceOnFirstUseAndAMadeOneNever() throws InterruptedException {
        AtomicInteger made = new AtomicInteger();
        Lazy<String> lazy = Lazy.of(() -> "value " + made.incrementAndGet());
        assertThat(made).hasValue(0);
        Thread[] threads = new Thread[8];
        String[] seen = new String[threads.length];
        for (int i = 0; i < threads.length; i++) {
            int slot = i;
            threads[i] = new Thread(() -> seen[slot] = lazy.get());
            threads[i].start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(seen).containsOnly("value 1");
        assertThat(lazy.get()).isEqualTo("value 1");
        assertThat(made).hasValue(1);
        assertThat(Lazy.made("ready").get()).isEqualTo("ready");
    }
}
