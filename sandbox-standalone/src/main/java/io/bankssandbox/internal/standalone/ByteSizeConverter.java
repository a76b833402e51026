package io.bankssandbox.internal.standalone;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** A size on the command line: a number of bytes, or one with a binary unit ({@code 512KiB}, {@code 256MiB}, {@code 1GiB}; K, M, G mean the same). */
final class ByteSizeConverter implements CommandLine.ITypeConverter<Long> {
    private static final Pattern SIZE = Pattern.compile("(\\d{1,15})\\s*(|b|bytes?|k|kib|m|mib|g|gib)", Pattern.CASE_INSENSITIVE);

    @Override
    public Long convert(String value) {
        Matcher m = SIZE.matcher(value.trim());
        if (!m.matches()) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a size such as 256MiB, 1GiB or 1048576");
        }
        long number = Long.parseLong(m.group(1));
        long bytes = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "k", "kib" -> number * 1024;
            case "m", "mib" -> number * 1024 * 1024;
            case "g", "gib" -> number * 1024 * 1024 * 1024;
            default -> number;
        };
        if (bytes <= 0) {
            throw new CommandLine.TypeConversionException("must be at least one byte, not '" + value + "'");
        }
        return bytes;
    }
}
