package io.bankssandbox.internal.bench;

import java.util.Arrays;

/** Medians and percentiles of timings, in the units they were taken in. */
final class Stats {
    private Stats() {}

    static double median(double[] values) {
        return percentile(values, 50);
    }

    static double percentile(double[] values, double p) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }
}
