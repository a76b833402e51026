#!/usr/bin/env bash
# bench/parts/70-ondemand.sh: a sandbox per test, two ways side by side in one run: a `java -jar` per worker
# (start to first 200, its RSS) against sandboxes on demand from one `java -jar` server (POST /_sandbox/sandboxes
# + the new sandbox's first answered request, over HTTP); then in that server (-Xmx768m) the heap each takes at
# its fixture state (32 open at once), and heap and threads before and after 1,000 created and closed in a row.
set -euo pipefail
RESULTS=${1:?usage: $0 RESULTS}
ROOT=${ROOT:-$PWD}
OUT=${OUT:-$ROOT/bench/target}
JAR=${JAR:-$ROOT/sandbox-standalone/target/banks-sandbox.jar}
CP=${CP:-$JAR:$OUT/classes}
STARTS=${STARTS:-5}
CYCLES=${ONDEMAND_CYCLES:-200}
PORT_ONDEMAND=${PORT_ONDEMAND:-19090}
printf '\n== %s\n' "a sandbox per test: java -jar per worker vs sandboxes on demand ($STARTS starts, $CYCLES creations)" >&2
java -cp "$CP" io.bankssandbox.internal.bench.OnDemandBench "$JAR" "$OUT" "$STARTS" "$CYCLES" "$PORT_ONDEMAND" | tee -a "$RESULTS" >&2
echo "load_ondemand=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$RESULTS"
