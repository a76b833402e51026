package io.bankssandbox.ach;

import io.bankssandbox.era.EraView;

/** What an insurance payment created: the transfer and its ERA, as the API shows them. */
public record InsurancePaymentView(InboundAchTransfer inboundAchTransfer, EraView era) {}
