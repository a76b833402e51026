package com.example.payouts;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.stereotype.Component;

/** What the bank told the application through its webhooks, as received (JSON bodies, oldest first). */
@Component
public class BankEvents {
    private final List<String> received = new CopyOnWriteArrayList<>();

    void received(String body) {
        received.add(body);
    }

    public List<String> received() {
        return List.copyOf(received);
    }
}
