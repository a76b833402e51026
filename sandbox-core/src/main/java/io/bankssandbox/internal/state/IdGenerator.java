package io.bankssandbox.internal.state;

import java.util.SplittableRandom;

/**
 * Deterministic, monotonic ids: {@code <prefix><8 base-36 digits of a counter><12 seeded chars>}.
 * The same seed gives the same ids, and ids sort in creation order because the counter comes
 * first. Runtime ids start above every counter the fixture sets use.
 */
public final class IdGenerator {
    public static final long FIRST_RUNTIME_COUNTER = 1_000_000L;
    private static final String ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

    private final long seed;
    private long next;

    public IdGenerator(long seed, long next) {
        this.seed = seed;
        this.next = next;
    }

    public long seed() {
        return seed;
    }

    public long next() {
        return next;
    }

    /** Continues from {@code next}, as a restart does from the counter its state file kept. */
    public void resumeAt(long next) {
        this.next = next;
    }

    public IdGenerator copy() {
        return new IdGenerator(seed, next);
    }

    public String next(String prefix) {
        return format(prefix, seed, next++);
    }

    /** The id a counter value gives under a seed; fixture generation uses the same rule. */
    public static String format(String prefix, long seed, long counter) {
        StringBuilder id = new StringBuilder(prefix.length() + 20).append(prefix);
        String digits = Long.toString(counter, 36);
        id.append("0".repeat(Math.max(0, 8 - digits.length()))).append(digits);
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + counter);
        for (int i = 0; i < 12; i++) {
            id.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return id.toString();
    }

    /** A string of decimal digits drawn from the same sequence, for account numbers and the like. */
    public String nextDigits(int length) {
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + next++);
        StringBuilder digits = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            digits.append((char) ('0' + random.nextInt(10)));
        }
        return digits.toString();
    }
}
