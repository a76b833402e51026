package io.bankssandbox.internal.era;

import io.bankssandbox.internal.ach.InboundAchTransfer;
import io.bankssandbox.internal.ach.InboundAchLifecycle;

import io.bankssandbox.internal.era.EraView;

/** What an insurance payment created: the transfer and its ERA, as the API shows them. */
public record InsurancePaymentView(InboundAchTransfer inboundAchTransfer, EraView era) {}
