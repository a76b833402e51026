package io.bankssandbox.internal.era;

import io.bankssandbox.internal.state.StableDigits;

/**
 * The TRN segment a payer sends twice: in the addenda of the ACH credit that pays and in the 835 that
 * explains it, element for element, so a practice can reassociate the two on TRN02 and TRN03
 * together. TRN02 is the trace number (the ERA's {@code check_number}); TRN03 is the payer's
 * originating company identifier, 10 characters: an identification code designator (1 for an EIN, 9
 * for a number of the payer's own) followed by 9 characters.
 *
 * <p>An ERA's payer carries one {@code id}; TRN03 is derived from it: an id that already is an
 * originating company identifier ({@code 1} or {@code 3} or {@code 9} and 9 digits) is kept, a 9-digit
 * id is an EIN and gets the {@code 1} in front, any other id of up to 9 letters and digits is a
 * payer-assigned number ({@code 9} and the id left-padded with zeros), and a longer id gets {@code 9}
 * and 9 digits derived from it.
 */
public record ReassociationTrace(String traceNumber, String originatingCompanyId) {

    public static ReassociationTrace of(String traceNumber, String payerId) {
        return new ReassociationTrace(traceNumber, originatingCompanyId(payerId));
    }

    /** The trace of an ERA: its check number and its payer. */
    public static ReassociationTrace of(Era era) {
        return of(era.payment().checkNumber(), era.payer().id());
    }

    /** The segment as an ACH addenda line carries it: {@code TRN*1*<trace>*<company id>~}. */
    public String addendaLine() {
        return "TRN*1*" + traceNumber + "*" + originatingCompanyId + "~";
    }

    static String originatingCompanyId(String payerId) {
        String id = payerId == null ? "" : payerId.strip();
        if (id.matches("[139]\\d{9}")) {
            return id;
        }
        if (id.matches("\\d{9}")) {
            return "1" + id;
        }
        if (id.matches("[A-Za-z0-9]{1,9}")) {
            return "9" + "0".repeat(9 - id.length()) + id;
        }
        return "9" + StableDigits.of(id, 9);
    }
}
