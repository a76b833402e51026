package com.example.payouts;

/** Tells someone a payout card exists (a test replaces it with @MockitoBean). */
public interface PayoutNotifier {
    void cardIssued(String orderId, String cardId);
}
