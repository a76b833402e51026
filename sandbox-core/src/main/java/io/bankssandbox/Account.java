package io.bankssandbox;

import java.time.Instant;

/**
 * A bank account with its numbers and balances, as {@code GET /v0/accounts/{id}} answers it.
 * Balances are cents: {@code totalBalance} is what the account's transactions sum to,
 * {@code availableBalance} leaves out what is held (a check not yet released, a card hold).
 */
public record Account(String id, String entityId, String name, String accountNumber, String routingNumber,
                      long totalBalance, long availableBalance, Instant openedAt) {}
