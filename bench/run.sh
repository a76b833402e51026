#!/usr/bin/env bash
# The benchmark of every performance target (docs/performance.md lists them), side by side in one run,
# measured the way a user measures: fresh JVMs, rounds that alternate the servers, medians.
# The peers: WireMock 3.13.2 and MockServer 7.6.0 (both from Maven Central, each started as its
# documentation starts it), and a bare Javalin route from the sandbox's own jar, the floor any
# Javalin server starts from. Prints the figures and each ratio against its target
# (bench/target/results.md); the key=value results are in bench/target/results.properties.
#
#   bench/run.sh                      build, then every part (about 20 minutes on 2 cores)
#   bench/run.sh start first          only these parts (see PARTS below)
#   SKIP_BUILD=1 bench/run.sh         reuse the jars already built
#   BASELINE_JAR=old.jar bench/run.sh also measure another build of banks-sandbox.jar, alternating
#                                     with this one (throughput, start, first): before/after
#   DURATION=10s WARMUP=40s ROUNDS=5 STARTS=9 CYCLES=50 bench/run.sh
#   DURATION=3s ROUNDS=1 STARTS=3 CYCLES=10 bench/run.sh throughput start first   a quick check
#   BASELINE_JAR=old.jar ONLY="sandbox_post baseline_post" bench/run.sh throughput
#                                     an A/B of one row: only the throughput samples named
#   bench/ab.sh [REF]                 the A/B of a change against main (or REF) in alternating rounds,
#                                     each ratio with its rounds' spread: run it before a change lands
#
# Parts (in this order):
#  throughput  GET /v0/cards/{id}, POST /v0/cards (a new Idempotency-Key per request) and a list
#              page under `wrk -t2 -c16`, against bare Javalin and WireMock serving the same bytes.
#              Every sample is a fresh server JVM of its own: started, warmed up (at least WARMUP,
#              then until its CPU per request settles, at most WARMUP_MAX), measured (DURATION),
#              stopped; ROUNDS rounds, the order rotated each round.
#  start       `java -jar` start to the first 200, sandbox, WireMock, MockServer, bare Javalin, and
#              bin/banks-sandbox (WireMock with the same two flags beside it; and on JAVA25_HOME, a JDK 24+,
#              with its AOT cache): STARTS fresh JVMs each, the order rotated each round (StartBench: the
#              poller is one running process).
#  first       the first server in a fresh JVM, started and asked one question with the JDK's
#              HttpClient, then CYCLES further ones (start, one question, close), sandbox, WireMock,
#              MockServer, bare Javalin embedded: STARTS fresh JVMs each, rotated (FirstStart).
#  requests    a fresh `java -jar` server's first requests, each timed from the JVM's launch: the start,
#              the first GET, the first validated POST (POST /v0/cards) and the first 835
#              (GET /v0/remittances/{id}/era), beside bare Javalin from the same jar answering the GET
#              and a POST it parses with Jackson (the floor): STARTS fresh JVMs each, rotated
#              (StartBench, FirstRequests).
#  embedded    reset per test, after a POST (one JVM)
#  memory      1,000,000 transfers in 1 GiB, list pages at 1k and 1M
#  breakdown   where a cold start's time goes, by step and library
#  extra       every bench/parts/*.sh, run with the results file as argument and this script's
#              environment (another area's rows: see bench/parts/README.md)
#
# Not part of the test suite: throughput on a shared machine is noise unless nothing else runs.
# Every figure is taken with the load average beside it; read ratios within one run.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
export OUT=$ROOT/bench/target
export JAR=${JAR:-$ROOT/sandbox-standalone/target/banks-sandbox.jar}
WIREMOCK=$OUT/wiremock-standalone.jar
MOCKSERVER=$OUT/mockserver-netty.jar
export CP=$JAR:$OUT/classes
BASELINE_JAR=${BASELINE_JAR:-}
# a JDK 24 or later for the launcher's AOT-cache row (skipped when there is none)
JAVA25_HOME=${JAVA25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-16}
DURATION=${DURATION:-5s}
WARMUP=${WARMUP:-40s}           # at least this much warm-up per throughput sample ...
WARMUP_MAX=${WARMUP_MAX:-90s}   # ... and then on until the server's CPU per request settles, at most this
ROUNDS=${ROUNDS:-3}
STARTS=${STARTS:-5}
CYCLES=${CYCLES:-30}
PORT_SANDBOX=${PORT_SANDBOX:-19080}
PORT_WIREMOCK=${PORT_WIREMOCK:-19081}
PORT_JAVALIN=${PORT_JAVALIN:-19082}
PORT_LAUNCHER=${PORT_LAUNCHER:-19083}
PORT_MOCKSERVER=${PORT_MOCKSERVER:-19084}
PORT_BASELINE=${PORT_BASELINE:-19085}
PORT_THROUGHPUT=${PORT_THROUGHPUT:-19087}
# every server runs on the same JVM with the same (default) flags; JAVA_OPTS applies to all of them
export JAVA_OPTS=${JAVA_OPTS:-}
# the sandbox jar's own launch flags (bench/run.sh documents which ones a measurement used)
SANDBOX_JAVA_OPTS=${SANDBOX_JAVA_OPTS:-}
export RESULTS=$OUT/results.properties
ALL_PARTS="throughput start first requests embedded memory breakdown extra"
PARTS=${*:-$ALL_PARTS}
PARTS=${PARTS//cold/first} # the first start's part was called cold before it had peers
# NICE=-10 (root) runs everything measured at a higher CPU priority: on a machine shared with other
# work the figures then describe the programs more than the neighbours. All variants get the same.
if [ -n "${NICE:-}" ]; then renice -n "$NICE" -p $$ > /dev/null; fi

# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
part() { [[ " $PARTS " == *" $1 "* ]]; }

install_wrk

if [ "${SKIP_BUILD:-0}" != 1 ] || [ ! -f "$JAR" ] || [ ! -f "$WIREMOCK" ] || [ ! -f "$MOCKSERVER" ]; then
  log "building the standalone jar and the bench module (WireMock and MockServer from Maven Central into $OUT)"
  mvn -B -q -Pbench package -DskipTests -Dinvoker.skip=true -pl sandbox-standalone,bench -am
fi
if [ -n "$BASELINE_JAR" ]; then BASELINE_JAR=$(realpath "$BASELINE_JAR"); fi

PIDS=()
cleanup() { for p in "${PIDS[@]:-}"; do [ -n "$p" ] && kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

: > "$RESULTS"
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
record() { echo "$1=$2" >> "$RESULTS"; }

sandbox_cmd() { sandbox_jar_cmd "$JAR" "$1"; }
baseline_cmd() { sandbox_jar_cmd "$BASELINE_JAR" "$1"; }
wiremock_cmd() { exec java $JAVA_OPTS -jar "$WIREMOCK" --port "$1" --root-dir "$OUT/wiremock-root" --disable-banner; }
wiremock_fast_cmd() { exec java $JAVA_OPTS -jar "$WIREMOCK" --port "$1" --root-dir "$OUT/wiremock-root" --disable-banner \
  --no-request-journal; }
javalin_cmd() { exec java $JAVA_OPTS -cp "$CP" io.bankssandbox.internal.bench.BareJavalin "$1" "$OUT/card.json"; }
# from bench/target: MockServer writes its CA certificate (mockserver-ca.pem) where it runs
mockserver_cmd() { cd "$OUT"; exec java $JAVA_OPTS -Dmockserver.initializationJsonPath="$OUT/mockserver-init.json" -jar "$MOCKSERVER" \
  -serverPort "$1"; }
launcher_cmd() { BANKS_SANDBOX_JAR=$JAR BANKS_SANDBOX_CDS=$OUT/launcher-throughput.jsa BANKS_SANDBOX_JAVA_OPTS="$JAVA_OPTS" \
  exec "$ROOT/sandbox-standalone/bin/banks-sandbox" serve --port "$1"; }

log "the card body: GET /v0/cards/$CARD from the sandbox; the peers' stubs serve the same bytes"
card_body "$PORT_SANDBOX"
peer_stubs

mkdir -p "$OUT/rounds"; rm -f "$OUT"/rounds/*

if part throughput; then
  log "throughput and latency: wrk -t$THREADS -c$CONNECTIONS, a fresh server JVM per sample (warmed up $WARMUP to $WARMUP_MAX, $DURATION measured), $ROUNDS rounds in rotated order"
  # What a user measures: one server, just started, warmed up and then measured; nothing else runs.
  # (This bench once ran every server at once and measured all the workloads on one sandbox JVM,
  # its GET always right after its POST: see bench/RESULTS.md, "Why the instruments disagreed".)
  rm -f "$OUT/launcher-throughput.jsa"
  RUN_ID=$(date +%s)
  POST=$ROOT/bench/wrk/post-card.lua
  GET_PATH=/v0/cards/$CARD
  TARGETS=(
    "sandbox_get|sandbox_cmd|$GET_PATH|"
    "sandbox_post|sandbox_cmd|/v0/cards|$POST"
    "sandbox_list|sandbox_cmd|/v0/inbound-ach-transfers?limit=10|"
    "javalin_get|javalin_cmd|$GET_PATH|"
    "wiremock_get|wiremock_cmd|$GET_PATH|"
    "wiremock_fast_get|wiremock_fast_cmd|$GET_PATH|"
    "sandbox_launcher_get|launcher_cmd|$GET_PATH|"
  )
  if [ -n "$BASELINE_JAR" ]; then
    TARGETS+=("baseline_get|baseline_cmd|$GET_PATH|" "baseline_post|baseline_cmd|/v0/cards|$POST"
      "baseline_list|baseline_cmd|/v0/inbound-ach-transfers?limit=10|")
  fi
  if [ -n "${ONLY:-}" ]; then # ONLY="sandbox_post baseline_post": just these samples (an A/B of one row)
    kept=(); for target in "${TARGETS[@]}"; do [[ " $ONLY " == *" ${target%%|*} "* ]] && kept+=("$target"); done
    TARGETS=("${kept[@]}")
  fi
  n=${#TARGETS[@]}
  for round in $(seq "$ROUNDS"); do
    for i in $(seq 0 $((n - 1))); do
      IFS='|' read -r name cmd path script <<< "${TARGETS[$(( (i + round - 1) % n ))]}"
      url=http://127.0.0.1:$PORT_THROUGHPUT$path
      $cmd "$PORT_THROUGHPUT" > "$OUT/$name.log" 2>&1 & PIDS+=($!); pid=$!
      wait_200 "http://127.0.0.1:$PORT_THROUGHPUT$GET_PATH" "$pid"
      if [ "$round" = 1 ] && [[ $name == *_get ]] && [[ $name != sandbox* ]] && [[ $name != baseline* ]]; then
        cmp -s "$OUT/card.json" <(curl -sf "$url") || { echo "$name does not serve the same bytes" >&2; exit 1; }
      fi
      warm_up "$name" "$pid" "$url" "${script:-$ROOT/bench/wrk/report.lua}" "$RUN_ID-$round"
      measure "$name" "$pid" "$url" "${script:-$ROOT/bench/wrk/report.lua}" -- "$RUN_ID-$round"
      stop "$pid"
    done
  done
  for file in "$OUT"/rounds/*; do
    key=$(basename "$file"); key=${key/./_}
    case $key in *_errors|*_requests) value=$(awk '{s+=$1} END {print s}' "$file") ;; *) value=$(median < "$file") ;; esac
    record "$key" "$value"
  done
  record load_throughput "$(cut -d' ' -f1-3 /proc/loadavg)"
fi

# one spec line for StartBench: KIND NAME PORT PATH COMMAND... (tab-separated)
spec() { local IFS=$'\t'; echo "$*"; }

if part start; then
  log "JVM start to first 200 on GET /v0/cards/$CARD: $STARTS fresh JVMs each, the order rotated each round"
  # Each jar with plain `java -jar` (the documented commands, the target's terms), bare Javalin from
  # the sandbox's jar (the floor), the sandbox's launcher (class-data sharing archive + C1 only,
  # sandbox-standalone/bin/banks-sandbox), and WireMock given the very same two flags, so the
  # launcher's gain is not mistaken for ours alone. Besides the wall time, the CPU the JVM had used
  # by its first 200 (all its threads): on a shared machine the wall time grows with the
  # neighbours' load, CPU less.
  SB_CDS=$OUT/banks-sandbox.jsa
  SB_AOT=$OUT/banks-sandbox-java25.aot
  WM_CDS=$OUT/wiremock.jsa
  # the recording runs of both archives (not measured): one start, one answer, a clean exit
  rm -f "$SB_CDS" "$SB_AOT" "$SB_AOT.config" "$WM_CDS"
  BANKS_SANDBOX_JAR=$JAR BANKS_SANDBOX_CDS=$SB_CDS BANKS_SANDBOX_JAVA_OPTS="$JAVA_OPTS" \
    "$ROOT/sandbox-standalone/bin/banks-sandbox" serve --port "$PORT_LAUNCHER" > "$OUT/launcher-training.log" 2>&1 & pid=$!
  wait_200 "http://127.0.0.1:$PORT_LAUNCHER/v0/cards/$CARD" "$pid"; stop "$pid"
  # the launcher on Java 24+ (the AOT cache) when such a JDK is there: the first run records, the second
  # makes the cache (then starts with it)
  if [ -x "$JAVA25_HOME/bin/java" ]; then
    for training in record create; do
      JAVA_HOME=$JAVA25_HOME BANKS_SANDBOX_JAR=$JAR BANKS_SANDBOX_CDS=$SB_AOT BANKS_SANDBOX_JAVA_OPTS="$JAVA_OPTS" \
        "$ROOT/sandbox-standalone/bin/banks-sandbox" serve --port "$PORT_LAUNCHER" > "$OUT/launcher25-$training.log" 2>&1 & pid=$!
      wait_200 "http://127.0.0.1:$PORT_LAUNCHER/v0/cards/$CARD" "$pid"; stop "$pid"
    done
    [ -f "$SB_AOT" ] || { echo "the launcher did not make its AOT cache on $JAVA25_HOME" >&2; exit 1; }
  fi
  java -XX:ArchiveClassesAtExit="$WM_CDS" -Xlog:cds=off -Xlog:cds+dynamic=off -XX:TieredStopAtLevel=1 $JAVA_OPTS \
    -jar "$WIREMOCK" --port "$PORT_WIREMOCK" --root-dir "$OUT/wiremock-root" --disable-banner > "$OUT/wiremock-training.log" 2>&1 & pid=$!
  wait_200 "http://127.0.0.1:$PORT_WIREMOCK/v0/cards/$CARD" "$pid"; stop "$pid"
  [ -f "$SB_CDS" ] && [ -f "$WM_CDS" ] || { echo "a class-data sharing archive was not written" >&2; exit 1; }
  # MockServer's expectation answers the same bytes (checked once, not timed)
  mockserver_cmd "$PORT_MOCKSERVER" > "$OUT/mockserver-check.log" 2>&1 & pid=$!
  wait_200 "http://127.0.0.1:$PORT_MOCKSERVER/v0/cards/$CARD" "$pid"
  cmp -s "$OUT/card.json" <(curl -sf "http://127.0.0.1:$PORT_MOCKSERVER/v0/cards/$CARD") \
    || { echo "MockServer does not serve the same bytes" >&2; exit 1; }
  stop "$pid"
  P=/v0/cards/$CARD
  {
    spec http sandbox "$PORT_SANDBOX" "$P" java $JAVA_OPTS $SANDBOX_JAVA_OPTS -jar "$JAR" serve --port "$PORT_SANDBOX"
    spec http wiremock "$PORT_WIREMOCK" "$P" java $JAVA_OPTS -jar "$WIREMOCK" --port "$PORT_WIREMOCK" \
      --root-dir "$OUT/wiremock-root" --disable-banner
    spec http mockserver "$PORT_MOCKSERVER" "$P" java $JAVA_OPTS -Dmockserver.initializationJsonPath="$OUT/mockserver-init.json" \
      -jar "$MOCKSERVER" -serverPort "$PORT_MOCKSERVER"
    spec http javalin "$PORT_JAVALIN" "$P" java $JAVA_OPTS -cp "$CP" io.bankssandbox.internal.bench.BareJavalin "$PORT_JAVALIN" "$OUT/card.json"
    spec http sandbox_launcher "$PORT_LAUNCHER" "$P" env BANKS_SANDBOX_JAR="$JAR" BANKS_SANDBOX_CDS="$SB_CDS" \
      BANKS_SANDBOX_JAVA_OPTS="$JAVA_OPTS" "$ROOT/sandbox-standalone/bin/banks-sandbox" serve --port "$PORT_LAUNCHER"
    [ ! -x "$JAVA25_HOME/bin/java" ] || spec http sandbox_launcher25 "$PORT_LAUNCHER" "$P" env JAVA_HOME="$JAVA25_HOME" \
      BANKS_SANDBOX_JAR="$JAR" BANKS_SANDBOX_CDS="$SB_AOT" BANKS_SANDBOX_JAVA_OPTS="$JAVA_OPTS" \
      "$ROOT/sandbox-standalone/bin/banks-sandbox" serve --port "$PORT_LAUNCHER"
    spec http wiremock_tuned "$PORT_WIREMOCK" "$P" java -XX:SharedArchiveFile="$WM_CDS" -Xlog:cds=off -Xlog:cds+dynamic=off \
      -XX:TieredStopAtLevel=1 $JAVA_OPTS -jar "$WIREMOCK" --port "$PORT_WIREMOCK" --root-dir "$OUT/wiremock-root" --disable-banner
    [ -z "$BASELINE_JAR" ] || spec http baseline "$PORT_BASELINE" "$P" java $JAVA_OPTS $SANDBOX_JAVA_OPTS -jar "$BASELINE_JAR" \
      serve --port "$PORT_BASELINE"
  } > "$OUT/start.spec"
  java -cp "$OUT/classes" io.bankssandbox.internal.bench.StartBench "$OUT/start.spec" "$STARTS" "$OUT" | tee -a "$RESULTS" > /dev/null
  record load_start "$(cut -d' ' -f1-3 /proc/loadavg)"
fi

if part first; then
  log "the first server in a fresh JVM, started and asked one question (JDK HttpClient), then $CYCLES further ones (start, one question, close): $STARTS JVMs each, rotated"
  {
    for peer in sandbox javalin; do
      spec embedded "$peer" - - java $JAVA_OPTS -cp "$CP" io.bankssandbox.internal.bench.FirstStart "$peer" "$OUT/card.json" "$CYCLES"
    done
    spec embedded wiremock - - java $JAVA_OPTS -cp "$WIREMOCK:$OUT/classes" io.bankssandbox.internal.bench.FirstStart wiremock \
      "$OUT/card.json" "$CYCLES"
    spec embedded mockserver - - java $JAVA_OPTS -cp "$MOCKSERVER:$OUT/classes" io.bankssandbox.internal.bench.FirstStart mockserver \
      "$OUT/card.json" "$CYCLES"
    [ -z "$BASELINE_JAR" ] || spec embedded baseline - - java $JAVA_OPTS -cp "$BASELINE_JAR:$OUT/classes" \
      io.bankssandbox.internal.bench.FirstStart sandbox "$OUT/card.json" "$CYCLES"
  } > "$OUT/first.spec"
  java -cp "$OUT/classes" io.bankssandbox.internal.bench.StartBench "$OUT/first.spec" "$STARTS" "$OUT" | tee -a "$RESULTS" > /dev/null
  record load_first "$(cut -d' ' -f1-3 /proc/loadavg)"
fi

if part requests; then
  log "a fresh server's first requests (start, GET, POST /v0/cards, GET $ERA_PATH), each from the JVM's launch: $STARTS JVMs each, rotated"
  {
    spec requests requests_sandbox "$PORT_SANDBOX" "$ERA_PATH" java $JAVA_OPTS $SANDBOX_JAVA_OPTS -jar "$JAR" serve --port "$PORT_SANDBOX"
    spec requests requests_javalin "$PORT_JAVALIN" - java $JAVA_OPTS -cp "$CP" io.bankssandbox.internal.bench.BareJavalin \
      "$PORT_JAVALIN" "$OUT/card.json"
    [ -z "$BASELINE_JAR" ] || spec requests requests_baseline "$PORT_BASELINE" "$ERA_PATH" java $JAVA_OPTS $SANDBOX_JAVA_OPTS \
      -jar "$BASELINE_JAR" serve --port "$PORT_BASELINE"
  } > "$OUT/requests.spec"
  java -cp "$OUT/classes" io.bankssandbox.internal.bench.StartBench "$OUT/requests.spec" "$STARTS" "$OUT" | tee -a "$RESULTS" > /dev/null
  record load_requests "$(cut -d' ' -f1-3 /proc/loadavg)"
fi

if part embedded; then
  log "embedded: reset per test after a POST; start+GET+close over a plain socket closed first (one JVM)"
  java $JAVA_OPTS -cp "$CP" io.bankssandbox.internal.bench.EmbeddedBench | tee -a "$RESULTS" >&2
  record load_embedded "$(cut -d' ' -f1-3 /proc/loadavg)"
fi

if part memory; then
  log "1,000,000 inbound ACH transfers in a 1 GiB heap; list page at 1k vs 1M"
  java $JAVA_OPTS -Xmx1g -cp "$CP" io.bankssandbox.internal.bench.MemoryBench | tee -a "$RESULTS" >&2
  record load_memory "$(cut -d' ' -f1-3 /proc/loadavg)"
fi

if part breakdown; then
  log "where a cold start's time goes: each step of a start run on its own in a fresh JVM, classes by library"
  breakdown() { # NAME JAR
    java $JAVA_OPTS -Xlog:class+load:file="$OUT/$1-classes.log":uptimenanos,timenanos -cp "$2:$OUT/classes" \
      io.bankssandbox.internal.bench.StartupBreakdown > "$OUT/$1-steps.txt"
    java -cp "$CP" io.bankssandbox.internal.bench.ClassLoadReport "$OUT/$1-steps.txt" "$OUT/$1-classes.log" > "$OUT/$1.md"
  }
  breakdown breakdown "$JAR"
  cat "$OUT/breakdown.md" >&2
  [ -z "$BASELINE_JAR" ] || { breakdown baseline-breakdown "$BASELINE_JAR"; cat "$OUT/baseline-breakdown.md" >&2; }
  record load_breakdown "$(cut -d' ' -f1-3 /proc/loadavg)"
fi

if part extra; then
  for script in "$ROOT"/bench/parts/*.sh; do
    [ -e "$script" ] || continue
    log "$(basename "$script")"
    "$script" "$RESULTS"
  done
fi

record load_average "$LOAD_BEFORE at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end"
record settings "wrk -t$THREADS -c$CONNECTIONS, a fresh server per sample, $ROUNDS rotated rounds of -d$DURATION each (warm-up $WARMUP to $WARMUP_MAX, until the CPU per request settles); $STARTS fresh JVMs per start variant, $CYCLES further servers in each embedded one; java $(java -version 2>&1 | head -1 | cut -d'"' -f2); JAVA_OPTS='$JAVA_OPTS' SANDBOX_JAVA_OPTS='$SANDBOX_JAVA_OPTS' NICE='${NICE:-}'; parts: $PARTS${BASELINE_JAR:+; baseline $BASELINE_JAR}"
java -cp "$CP" io.bankssandbox.internal.bench.Report "$RESULTS" "$OUT" | tee "$OUT/results.md"
