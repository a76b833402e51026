package com.example.payouts;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

@Component
class LoggingPayoutNotifier implements PayoutNotifier {
    private static final Logger LOG = LoggerFactory.getLogger(LoggingPayoutNotifier.class);

    @Override
    public void cardIssued(String orderId, String cardId) {
        LOG.info("order {} paid out on card {}", orderId, cardId);
    }
}
