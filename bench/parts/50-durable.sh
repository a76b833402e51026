#!/usr/bin/env bash
# bench/run.sh's part for the state file and keyed lookups: POST /v0/cards latency with
# and without --state-file at 1k and 100k objects in the state, GET by id of a check deposit and of a
# file at 1k and 1M mail items, and the state document's round trip (export, reset, import, export)
# at 100k and 1M objects with the live heap during the import. Appends key=value lines to RESULTS
# (the run's results file); fails if a round trip does not give the same bytes back.
#
#   bench/parts/50-durable.sh RESULTS   after bench/run.sh built the jar and bench/target/classes
#   bench/run.sh extra                  the same, from run.sh (every bench/parts/*.sh)
set -euo pipefail
cd "$(dirname "$0")/../.."
RESULTS=${1:?usage: bench/parts/50-durable.sh RESULTS}
CP=${CP:-$PWD/sandbox-standalone/target/banks-sandbox.jar:$PWD/bench/target/classes}
JAVA_OPTS=${JAVA_OPTS:-}
printf '\n== %s\n' "--state-file: POST latency at 1k and 100k objects, in memory and with the file, rounds alternating" >&2
java $JAVA_OPTS -Xmx2g -cp "$CP" io.bankssandbox.internal.bench.StateFileBench | tee -a "$RESULTS" >&2
echo "load_state_file=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$RESULTS"
printf '\n== %s\n' "GET by id of a check deposit and of a file at 1k and 1M mail items" >&2
java $JAVA_OPTS -Xmx2g -cp "$CP" io.bankssandbox.internal.bench.LookupBench | tee -a "$RESULTS" >&2
printf '\n== %s\n' "state export / reset / import / export at 100k and 1M inbound ACH transfers: identical bytes, live heap during the import" >&2
java $JAVA_OPTS -Xmx3g -cp "$CP" io.bankssandbox.internal.bench.ImportBench | tee -a "$RESULTS" >&2
