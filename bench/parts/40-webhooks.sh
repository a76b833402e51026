#!/usr/bin/env bash
# bench/parts/40-webhooks.sh: 10,000 transactions in a burst to a loopback receiver; POST /v0/cards beside a dead receiver
set -euo pipefail
RESULTS=${1:?usage: $0 RESULTS}
java $JAVA_OPTS -cp "$CP" io.bankssandbox.internal.bench.WebhookBench | tee -a "$RESULTS" >&2
