package com.example.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bankssandbox.Account;
import io.bankssandbox.CardAuthorization;
import io.bankssandbox.CardPayment;
import io.bankssandbox.ClockEvent;
import io.bankssandbox.Sandbox;
import io.bankssandbox.Transaction;
import io.bankssandbox.junit5.BanksSandbox;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

@BanksSandbox
class CardHoldTest {
    private static final String OFFICE_SUPPLIES = "card_0000006ffif7l9i19ra5";   // draws on Riverside Operating

    @Test
    void aTipSettlesForMoreThanWasHeld(Sandbox sandbox) {
        Account before = sandbox.accounts().named("Riverside Operating");

        CardAuthorization hold = sandbox.cards()
                .authorize(OFFICE_SUPPLIES, CardPayment.of(40_00, "5812").held())   // a restaurant: held, not posted
                .authorization();

        Account held = sandbox.accounts().get(before.id());
        assertEquals(before.availableBalance() - 40_00, held.availableBalance());   // spendable: down now
        assertEquals(before.totalBalance(), held.totalBalance());                   // booked: not yet
        assertEquals(sandbox.transactions().of(before.id()), sandbox.transactions().of(held.id()));

        CardAuthorization settled = sandbox.cards().settle(hold.id(), 48_00);      // the bill plus an $8.00 tip

        Transaction posted = sandbox.transactions().get(settled.transactionId());
        assertEquals(-48_00, posted.amount());
        assertEquals(Transaction.CARD_SETTLEMENT, posted.category());
        assertEquals(hold.id(), posted.cardAuthorizationId());                     // match it by its hold, not its amount
        Account after = sandbox.accounts().get(before.id());
        assertEquals(before.totalBalance() - 48_00, after.totalBalance());
        assertEquals(before.availableBalance() - 48_00, after.availableBalance()); // the hold is gone
    }

    @Test
    void aHoldNobodySettlesExpiresAfterSevenDays(Sandbox sandbox) {
        CardAuthorization hold = sandbox.cards()
                .authorize(OFFICE_SUPPLIES, CardPayment.of(25_00, "5047").held())
                .authorization();

        List<ClockEvent> events = sandbox.clock().advance(Duration.ofDays(7));

        assertTrue(events.contains(new ClockEvent(ClockEvent.CARD_AUTHORIZATION_EXPIRED, hold.id())));
        assertEquals(CardAuthorization.EXPIRED, sandbox.cards().authorization(hold.id()).status());
    }
}
