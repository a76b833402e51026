package io.bankssandbox.internal.era;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Builders;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The sandbox writes its 835s as text, without reading them back: the guide holds because the build
 * reads back, with StAEDI against the 005010X221A1 implementation schema, ERAs of every shape a
 * sandbox can hold (any text in the free-text fields, X12's delimiters and control characters among
 * it, long values, negative amounts, any number of claims, lines, adjustments and PLB amounts, ACH or
 * check).
 */
class Era835PropertyTest {
    private static final Era835Validator GUIDE = new Era835Validator();
    private static final EraDeposit DEPOSIT = new EraDeposit("021000021", "7000123456", "101000019", "555000111");

    /** A hundred ERAs a build (each read back with the guide's schemas costs tens of milliseconds on a cold reader). */
    @Property(tries = 100)
    void everyEraASandboxCanHoldMakesAn835TheGuideReadsWithoutAProblem(@ForAll("eras") Era era, @ForAll boolean ach) {
        String x12 = new Era835().write(era, ach ? DEPOSIT : null);

        assertThat(GUIDE.problems(x12)).as("005010X221A1 errors in\n%s", x12).isEmpty();
    }

    /** A required element whose value is blank without the delimiters gives no 835 at all (a 500), never a broken one. */
    @Example
    void aValueBlankWithoutTheDelimitersMakesNo835() {
        Era.Claim claim = new Era.Claim(": ^", "E1", "paid", 1_000, 1_000, 0, new Era.Patient("JO SMITH", "W1"),
                Instant.parse("2026-02-01T00:00:00Z"), null, List.of(), List.of());
        Era era = new Era("era_blank", null, "entity_x", new Era.Party("AETNA", "1066033492"),
                new Era.Payee("RIVERSIDE CLINIC", "1234567893"), new Era.Payment(1_000, "check", "7781",
                Instant.parse("2026-02-12T00:00:00Z")), List.of(claim), null, null);

        assertThatThrownBy(() -> new Era835().write(era, null)).isInstanceOf(IllegalStateException.class)
                .hasMessage("the 835 cannot leave CLP01 empty: its value is blank without X12's delimiters");
    }

    /** Text as a client may send it: mostly letters, digits and punctuation, sometimes X12's delimiters, a control character or a non-ASCII letter, never blank once they are left out. */
    private static Arbitrary<String> text(int maxLength) {
        String usual = "ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz0123456789-.,/#&'";
        String unusual = "*~:^\n\téÑ";
        Arbitrary<Character> character = Arbitraries.integers().between(0, 20)
                .flatMap(pick -> Arbitraries.chars().with((pick == 0 ? unusual : usual).toCharArray()));
        return character.list().ofMinSize(1).ofMaxSize(maxLength)
                .map(chars -> {
                    StringBuilder out = new StringBuilder();
                    chars.forEach(out::append);
                    return out.toString();
                })
                .filter(value -> !Era835.text(value).isBlank());
    }

    private static Arbitrary<Long> amount() {
        return Arbitraries.longs().between(-10_000_000L, 100_000_000L);
    }

    private static Arbitrary<Instant> date() {
        return Arbitraries.longs().between(946_684_800L, 4_102_444_799L).map(Instant::ofEpochSecond);
    }

    private static Arbitrary<Era.Adjustment> adjustment() {
        return Combinators.combine(Arbitraries.of("CO", "PR", "OA", "PI"), Arbitraries.of("1", "2", "3", "45", "50", "97", "23"),
                amount()).as((group, reason, amount) -> new Era.Adjustment(group, reason, null, amount));
    }

    @SuppressWarnings("unchecked")
    private static Arbitrary<Era.ServiceLine> line() {
        return Builders.withBuilder(() -> new Object[7])
                .use(Arbitraries.of("99213", "99214", "36415", "87880", "G0008")).in((l, v) -> { l[0] = v; return l; })
                .use(Arbitraries.of("25", "59", "GT", "XU").list().ofMaxSize(4)).in((l, v) -> { l[1] = v; return l; })
                .use(amount()).in((l, v) -> { l[2] = v; return l; })
                .use(amount()).in((l, v) -> { l[3] = v; return l; })
                .use(Arbitraries.longs().between(0, 99)).in((l, v) -> { l[4] = v; return l; })
                .use(adjustment().list().ofMaxSize(8)).in((l, v) -> { l[5] = v; return l; })
                .use(Arbitraries.of("N130", "M25", "MA01", "N362").list().ofMaxSize(3)).in((l, v) -> { l[6] = v; return l; })
                .build(l -> new Era.ServiceLine((String) l[0], (List<String>) l[1], (Long) l[2], (Long) l[3], (Long) l[4],
                        (List<Era.Adjustment>) l[5], (List<String>) l[6]));
    }

    @SuppressWarnings("unchecked")
    private static Arbitrary<Era.Claim> claim() {
        return Builders.withBuilder(() -> new Object[11])
                .use(text(45)).in((c, v) -> { c[0] = v; return c; })
                .use(text(55)).in((c, v) -> { c[1] = v; return c; })
                .use(Arbitraries.of("paid", "denied", "reversed")).in((c, v) -> { c[2] = v; return c; })
                .use(amount()).in((c, v) -> { c[3] = v; return c; })
                .use(amount()).in((c, v) -> { c[4] = v; return c; })
                .use(amount()).in((c, v) -> { c[5] = v; return c; })
                .use(Combinators.combine(text(70), text(85).injectNull(0.3)).as(Era.Patient::new)).in((c, v) -> { c[6] = v; return c; })
                .use(date()).in((c, v) -> { c[7] = v; return c; })
                .use(date().injectNull(0.5)).in((c, v) -> { c[8] = v; return c; })
                .use(adjustment().list().ofMaxSize(8)).in((c, v) -> { c[9] = v; return c; })
                .use(line().list().ofMaxSize(3)).in((c, v) -> { c[10] = v; return c; })
                .build(c -> new Era.Claim((String) c[0], (String) c[1], (String) c[2], (Long) c[3], (Long) c[4], (Long) c[5],
                        (Era.Patient) c[6], (Instant) c[7], (Instant) c[8], (List<Era.Adjustment>) c[9],
                        (List<Era.ServiceLine>) c[10]));
    }

    @Provide
    @SuppressWarnings("unchecked")
    Arbitrary<Era> eras() {
        Arbitrary<Era.ProviderAdjustment> plb = Combinators.combine(Arbitraries.of(Era.ProviderAdjustment.REASONS),
                text(55).injectNull(0.4), amount()).as(Era.ProviderAdjustment::new);
        Arbitrary<String> npi = Arbitraries.longs().between(1_000_000_000L, 1_999_999_999L).map(String::valueOf);
        return Builders.withBuilder(() -> new Object[8])
                .use(Combinators.combine(text(65), Arbitraries.oneOf(npi, text(60)))
                        .as(Era.Party::new)).in((e, v) -> { e[0] = v; return e; })
                .use(Combinators.combine(text(65), npi).as(Era.Payee::new)).in((e, v) -> { e[1] = v; return e; })
                .use(Combinators.combine(amount(), Arbitraries.of("ach", "check"), text(55), date())
                        .as(Era.Payment::new)).in((e, v) -> { e[2] = v; return e; })
                .use(claim().list().ofMinSize(1).ofMaxSize(4)).in((e, v) -> { e[3] = v; return e; })
                .use(plb.list().ofMaxSize(14)).in((e, v) -> { e[4] = v; return e; })
                .use(date().injectNull(0.2)).in((e, v) -> { e[5] = v; return e; })
                .use(Arbitraries.strings().withCharRange('a', 'z').numeric().ofLength(16)).in((e, v) -> { e[6] = v; return e; })
                .build(e -> new Era("era_" + e[6], null, "entity_x", (Era.Party) e[0], (Era.Payee) e[1], (Era.Payment) e[2],
                        (List<Era.Claim>) e[3], (List<Era.ProviderAdjustment>) e[4], (Instant) e[5], ((Era.Payment) e[2]).date(),
                        null, null, null, null));
    }
}
