package io.bankssandbox.internal.carddetails;

import io.bankssandbox.internal.state.Json;
import java.time.Instant;

/** The HTML a card details link shows: what a real iframe would, with test values. */
final class CardDetailsPage {
    private CardDetailsPage() {}

    static String render(CardDetails details, Instant expiresAt) {
        return """
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <meta name="robots" content="noindex">
                <title>Card details</title>
                <style>
                  body { font-family: system-ui, sans-serif; margin: 0; padding: 16px; color: #111; }
                  .card { max-width: 360px; border-radius: 12px; padding: 20px; background: #1f2937; color: #f9fafb; }
                  .label { font-size: 11px; text-transform: uppercase; letter-spacing: .08em; opacity: .7; }
                  .pan { font-family: ui-monospace, monospace; font-size: 20px; letter-spacing: .1em; margin: 4px 0 14px; }
                  .row { display: flex; gap: 32px; }
                  .value { font-family: ui-monospace, monospace; font-size: 16px; margin-top: 4px; }
                  .note { font-size: 11px; color: #6b7280; margin-top: 10px; }
                </style>
                </head>
                <body>
                <div class="card" data-card-id="%s">
                  <div class="label">Card number</div>
                  <div class="pan" id="pan">%s</div>
                  <div class="row">
                    <div><div class="label">Expires</div><div class="value" id="expiry">%s</div></div>
                    <div><div class="label">CVV</div><div class="value" id="cvv">%s</div></div>
                  </div>
                </div>
                <p class="note">Sandbox test card. This page expires at %s.</p>
                </body>
                </html>
                """.formatted(escape(details.cardId()), details.pan(), details.expiryText(), details.cvv(),
                Json.timestamp(expiresAt));
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
