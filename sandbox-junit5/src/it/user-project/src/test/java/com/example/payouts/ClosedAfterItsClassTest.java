package com.example.payouts;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.bankssandbox.Sandbox;
import io.bankssandbox.junit5.BanksSandbox;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * A class's sandbox is closed when the class ends, on every JUnit the extension supports: JUnit
 * 5.13 and later close any AutoCloseable kept in a store, earlier ones (5.12, which Spring Boot 3.5
 * manages) only their own CloseableResource. The outer class's AfterAll runs after its nested
 * class has finished, so it sees the nested class's sandbox after JUnit let go of it.
 */
class ClosedAfterItsClassTest {
    private static volatile Sandbox used;

    @Nested
    @BanksSandbox
    class WithItsOwnSandbox {
        @Test
        void usesIt(Sandbox sandbox) {
            used = sandbox;
        }
    }

    @AfterAll
    static void theNestedClassSandboxNoLongerListens() {
        assertNotNull(used);
        URI uri = URI.create(used.baseUrl());
        boolean listening;
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 1_000);
            listening = true;
        } catch (IOException e) {
            listening = false;
        }
        assertFalse(listening, used.baseUrl() + " still listening after its class ended");
    }
}
