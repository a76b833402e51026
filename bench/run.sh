#!/usr/bin/env bash
# The benchmark of every performance target the README's Performance section states, side by side
# in one run: the standalone jar, WireMock 3.13.2 standalone serving the same card body as a stub (with its defaults, and in its fastest
# configuration, --no-request-journal), and a bare Javalin route serving the same bytes. Prints
# the figures and the targets (bench/target/results.md); the key=value results are in
# bench/target/results.properties.
#
#   bench/run.sh                      build, then every part (about 8 minutes on 2 cores)
#   bench/run.sh start cold           only these parts (see PARTS below)
#   SKIP_BUILD=1 bench/run.sh         reuse the jars already built
#   BASELINE_JAR=old.jar bench/run.sh also measure another build of banks-sandbox.jar, alternating
#                                     with this one (throughput, start, cold, breakdown): before/after
#   DURATION=10s ROUNDS=5 STARTS=9 bench/run.sh
#
# Parts (in this order): throughput (GET, POST and a list page under wrk, against WireMock and
# bare Javalin), start (`java -jar` start to first 200, against WireMock), cold (the first
# Sandbox.start() in a fresh JVM to its first answer), embedded (further sandboxes in one JVM,
# reset), memory (1,000,000 transfers in 1 GiB, list pages at 1k and 1M), breakdown (where a cold
# start's time goes, by step and library), then every bench/parts/*.sh, run with the results file
# as argument and this script's environment (another area's rows: see bench/parts/README.md).
#
# Not part of the test suite: throughput on a shared machine is noise unless nothing else runs.
# Every figure is taken with the load average beside it; read ratios within one run.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
export OUT=$ROOT/bench/target
export JAR=${JAR:-$ROOT/sandbox-standalone/target/banks-sandbox.jar}
WIREMOCK=$OUT/wiremock-standalone.jar
export CP=$JAR:$OUT/classes
BASELINE_JAR=${BASELINE_JAR:-}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-16}
DURATION=${DURATION:-5s}
WARMUP=${WARMUP:-5s}
ROUNDS=${ROUNDS:-3}
STARTS=${STARTS:-5}
PORT_SANDBOX=${PORT_SANDBOX:-19080}
PORT_WIREMOCK=${PORT_WIREMOCK:-19081}
PORT_JAVALIN=${PORT_JAVALIN:-19082}
PORT_LAUNCHER=${PORT_LAUNCHER:-19083}
PORT_WIREMOCK_FAST=${PORT_WIREMOCK_FAST:-19084}
PORT_BASELINE=${PORT_BASELINE:-19085}
# every server runs on the same JVM with the same (default) flags; JAVA_OPTS applies to all of them
export JAVA_OPTS=${JAVA_OPTS:-}
# the sandbox jar's own launch flags (bench/run.sh documents which ones a measurement used)
SANDBOX_JAVA_OPTS=${SANDBOX_JAVA_OPTS:-}
CARD=card_0000006ffif7l9i19ra5
AUTH="Authorization: Bearer lm_key_sandbox_all"
export RESULTS=$OUT/results.properties
ALL_PARTS="throughput start cold embedded memory breakdown extra"
PARTS=${*:-$ALL_PARTS}
# NICE=-10 (root) runs everything measured at a higher CPU priority: on a machine shared with other
# work the figures then describe the programs more than the neighbours. All variants get the same.
if [ -n "${NICE:-}" ]; then renice -n "$NICE" -p $$ > /dev/null; fi

log() { printf '\n== %s\n' "$*" >&2; }
part() { [[ " $PARTS " == *" $1 "* ]]; }

if ! command -v wrk >/dev/null; then
  log "installing wrk from Debian"
  if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
  $SUDO apt-get install -y wrk >/dev/null || { $SUDO apt-get update >/dev/null && $SUDO apt-get install -y wrk >/dev/null; }
fi

if [ "${SKIP_BUILD:-0}" != 1 ] || [ ! -f "$JAR" ] || [ ! -f "$WIREMOCK" ]; then
  log "building the standalone jar and the bench module (WireMock $OUT/wiremock-standalone.jar from Maven Central)"
  mvn -B -q -Pbench package -DskipTests -pl sandbox-standalone,bench -am
fi
if [ -n "$BASELINE_JAR" ]; then BASELINE_JAR=$(realpath "$BASELINE_JAR"); fi

PIDS=()
cleanup() { for p in "${PIDS[@]:-}"; do [ -n "$p" ] && kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

: > "$RESULTS"
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
record() { echo "$1=$2" >> "$RESULTS"; }
load_now() { cut -d' ' -f1 /proc/loadavg; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

wait_200() { # URL PID
  until curl -sf -o /dev/null -H "$AUTH" "$1"; do
    kill -0 "$2" 2>/dev/null || { echo "server (pid $2) died; see $OUT/*.log" >&2; exit 1; }
    sleep 0.005
  done
}

stop() { kill "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; }

# exec: the background job is the JVM itself, so its $! is the pid that stop() kills
sandbox_cmd() { exec java $JAVA_OPTS $SANDBOX_JAVA_OPTS -jar "$JAR" serve --port "$1"; }
baseline_cmd() { exec java $JAVA_OPTS $SANDBOX_JAVA_OPTS -jar "$BASELINE_JAR" serve --port "$1"; }
wiremock_cmd() { exec java $JAVA_OPTS -jar "$WIREMOCK" --port "$1" --root-dir "$OUT/wiremock-root" --disable-banner; }
wiremock_fast_cmd() { exec java $JAVA_OPTS -jar "$WIREMOCK" --port "$1" --root-dir "$OUT/wiremock-root" --disable-banner \
  --no-request-journal; }
javalin_cmd() { exec java $JAVA_OPTS -cp "$CP" io.bankssandbox.internal.bench.BareJavalin "$1" "$OUT/card.json"; }

log "the card body: GET /v0/cards/$CARD from the sandbox"
mkdir -p "$OUT/wiremock-root/mappings" "$OUT/wiremock-root/__files"
sandbox_cmd "$PORT_SANDBOX" > "$OUT/sandbox.log" 2>&1 & PIDS+=($!); SB=$!
wait_200 "http://127.0.0.1:$PORT_SANDBOX/v0/cards/$CARD" "$SB"
curl -sf -H "$AUTH" "http://127.0.0.1:$PORT_SANDBOX/v0/cards/$CARD" > "$OUT/card.json"
cat > "$OUT/wiremock-root/mappings/card.json" <<JSON
{
  "request": { "method": "GET", "urlPath": "/v0/cards/$CARD" },
  "response": {
    "status": 200,
    "headers": { "Content-Type": "application/json;charset=utf-8" },
    "base64Body": "$(base64 -w0 "$OUT/card.json")"
  }
}
JSON

# wrk NAME URL [script] [-- args]: one run with the same settings for every server; its figures
# go to $OUT/rounds/NAME.* (one line per round), the medians to the results
mkdir -p "$OUT/rounds"; rm -f "$OUT"/rounds/*
wrk_run() { # DURATION NAME URL [script] [-- args]
  local duration=$1 name=$2 url=$3 script=${4:-$ROOT/bench/wrk/report.lua}; shift 4 || shift $#
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$duration" -s "$script" "$url" "$@" | grep '^WRK '
}
# the CPU time (user + system, all threads) a process has used, in clock ticks
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
measure() { # NAME SERVER_PID URL [script] [-- args]
  local name=$1 pid=$2 line t0 t1 requests
  shift 2
  t0=$(cpu_ticks "$pid")
  line=$(wrk_run "$DURATION" "$name" "$@")
  t1=$(cpu_ticks "$pid")
  # the server's CPU per answered request: unlike requests/s, it does not fall when neighbours
  # take the cores (wrk's own CPU is not in it), so ratios of it hold on a busy machine
  requests=$(grep -o 'requests=[0-9]*' <<< "$line" | cut -d= -f2)
  line="$line cpu_us=$(( (t1 - t0) * 1000000 / $(getconf CLK_TCK) / (requests > 0 ? requests : 1) ))"
  echo "  $name: $line (load $(load_now))" >&2
  for field in $line; do
    case $field in WRK) ;; *) echo "${field#*=}" >> "$OUT/rounds/$name.${field%%=*}" ;; esac
  done
}

if part throughput; then
  log "throughput and latency: $THREADS threads, $CONNECTIONS connections, $ROUNDS rounds of $DURATION after a $WARMUP warm-up"
  # All servers run at once (idle ones cost nothing) and the rounds alternate between them, so a
  # neighbour's burst of load hits every server's figures alike instead of one server's whole run.
  # what the launcher's flags cost in throughput (C1 only): the same GET through bin/banks-sandbox
  rm -f "$OUT/launcher-throughput.jsa"
  BANKS_SANDBOX_JAR=$JAR BANKS_SANDBOX_CDS=$OUT/launcher-throughput.jsa BANKS_SANDBOX_JAVA_OPTS="$JAVA_OPTS" \
    "$ROOT/sandbox-standalone/bin/banks-sandbox" serve --port "$PORT_LAUNCHER" > "$OUT/sandbox-launcher.log" 2>&1 & PIDS+=($!); SL=$!
  wiremock_cmd "$PORT_WIREMOCK" > "$OUT/wiremock.log" 2>&1 & PIDS+=($!); WM=$!
  wiremock_fast_cmd "$PORT_WIREMOCK_FAST" > "$OUT/wiremock-fast.log" 2>&1 & PIDS+=($!); WF=$!
  javalin_cmd "$PORT_JAVALIN" > "$OUT/javalin.log" 2>&1 & PIDS+=($!); JV=$!
  wait_200 "http://127.0.0.1:$PORT_LAUNCHER/v0/cards/$CARD" "$SL"
  wait_200 "http://127.0.0.1:$PORT_WIREMOCK/v0/cards/$CARD" "$WM"
  wait_200 "http://127.0.0.1:$PORT_WIREMOCK_FAST/v0/cards/$CARD" "$WF"
  wait_200 "http://127.0.0.1:$PORT_JAVALIN/v0/cards/$CARD" "$JV"
  for port in "$PORT_WIREMOCK" "$PORT_WIREMOCK_FAST" "$PORT_JAVALIN"; do
    cmp -s "$OUT/card.json" <(curl -sf "http://127.0.0.1:$port/v0/cards/$CARD") \
      || { echo "the server on port $port does not serve the same bytes" >&2; exit 1; }
  done
  RUN_ID=$(date +%s)
  POST=$ROOT/bench/wrk/post-card.lua
  TARGETS=(
    "sandbox_get|$SB|http://127.0.0.1:$PORT_SANDBOX/v0/cards/$CARD|"
    "wiremock_get|$WM|http://127.0.0.1:$PORT_WIREMOCK/v0/cards/$CARD|"
    "wiremock_fast_get|$WF|http://127.0.0.1:$PORT_WIREMOCK_FAST/v0/cards/$CARD|"
    "javalin_get|$JV|http://127.0.0.1:$PORT_JAVALIN/v0/cards/$CARD|"
    "sandbox_launcher_get|$SL|http://127.0.0.1:$PORT_LAUNCHER/v0/cards/$CARD|"
    "sandbox_list|$SB|http://127.0.0.1:$PORT_SANDBOX/v0/inbound-ach-transfers?limit=10|"
    "sandbox_post|$SB|http://127.0.0.1:$PORT_SANDBOX/v0/cards|$POST"
  )
  if [ -n "$BASELINE_JAR" ]; then
    baseline_cmd "$PORT_BASELINE" > "$OUT/baseline.log" 2>&1 & PIDS+=($!); BL=$!
    wait_200 "http://127.0.0.1:$PORT_BASELINE/v0/cards/$CARD" "$BL"
    TARGETS+=("baseline_get|$BL|http://127.0.0.1:$PORT_BASELINE/v0/cards/$CARD|"
      "baseline_list|$BL|http://127.0.0.1:$PORT_BASELINE/v0/inbound-ach-transfers?limit=10|"
      "baseline_post|$BL|http://127.0.0.1:$PORT_BASELINE/v0/cards|$POST")
  fi
  for target in "${TARGETS[@]}"; do   # warm-up: JIT, pools, connections
    IFS='|' read -r name pid url script <<< "$target"
    wrk_run "$WARMUP" "$name" "$url" "${script:-$ROOT/bench/wrk/report.lua}" -- "$RUN_ID-warm" > /dev/null
  done
  for round in $(seq "$ROUNDS"); do
    for target in "${TARGETS[@]}"; do
      IFS='|' read -r name pid url script <<< "$target"
      measure "$name" "$pid" "$url" "${script:-$ROOT/bench/wrk/report.lua}" -- "$RUN_ID-$round"
    done
  done
  for file in "$OUT"/rounds/*; do
    key=$(basename "$file"); key=${key/./_}
    case $key in *_errors|*_requests) value=$(awk '{s+=$1} END {print s}' "$file") ;; *) value=$(median < "$file") ;; esac
    record "$key" "$value"
  done
  stop "$SL"; stop "$WM"; stop "$WF"; stop "$JV"; [ -z "$BASELINE_JAR" ] || stop "$BL"
  record load_throughput "$(cut -d' ' -f1-3 /proc/loadavg)"
fi
stop "$SB"

if part start; then
  log "JVM start to first 200 on GET /v0/cards/$CARD: $STARTS runs each, alternating"
  # Each jar with plain `java -jar` (the documented commands, the target's terms), the sandbox's
  # launcher (class-data sharing archive + C1 only, sandbox-standalone/bin/banks-sandbox), and
  # WireMock given the very same two flags, so the launcher's gain is not mistaken for ours alone.
  # Besides the wall time, the CPU time the JVM had used by the first 200 (all its threads,
  # /proc/PID/stat): on a shared machine the wall time grows with the neighbours' load, CPU less.
  SB_CDS=$OUT/banks-sandbox.jsa
  WM_CDS=$OUT/wiremock.jsa
  launcher_cmd() { BANKS_SANDBOX_JAR=$JAR BANKS_SANDBOX_CDS=$SB_CDS BANKS_SANDBOX_JAVA_OPTS="$JAVA_OPTS" \
    exec "$ROOT/sandbox-standalone/bin/banks-sandbox" serve --port "$1"; }
  wiremock_tuned_cmd() {
    local cds="-XX:SharedArchiveFile=$WM_CDS"; [ -f "$WM_CDS" ] || cds="-XX:ArchiveClassesAtExit=$WM_CDS"
    exec java $cds -Xlog:cds=off -Xlog:cds+dynamic=off -XX:TieredStopAtLevel=1 $JAVA_OPTS -jar "$WIREMOCK" --port "$1" \
      --root-dir "$OUT/wiremock-root" --disable-banner
  }
  start_ms() { # NAME PORT CMD -> "WALL_MS CPU_MS"
    local name=$1 port=$2 cmd=$3 t0 t1 pid cpu
    t0=$(date +%s%N)
    $cmd "$port" > "$OUT/$name-start.log" 2>&1 & pid=$!; PIDS+=($pid)
    wait_200 "http://127.0.0.1:$port/v0/cards/$CARD" "$pid"
    t1=$(date +%s%N)
    cpu=$(awk -v hz="$(getconf CLK_TCK)" '{print int(($14 + $15) * 1000 / hz)}' "/proc/$pid/stat")
    stop "$pid"
    echo "$(( (t1 - t0) / 1000000 )) $cpu"
  }
  # the recording runs of both archives (not measured): one start, one answer, a clean exit
  rm -f "$SB_CDS" "$WM_CDS"
  start_ms sandbox_launcher_training "$PORT_SANDBOX" launcher_cmd > /dev/null
  start_ms wiremock_tuned_training "$PORT_WIREMOCK" wiremock_tuned_cmd > /dev/null
  [ -f "$SB_CDS" ] && [ -f "$WM_CDS" ] || { echo "a class-data sharing archive was not written" >&2; exit 1; }
  # bare Javalin (one route, the same bytes, from the same jar): the floor any Javalin server starts from
  VARIANTS=(sandbox:$PORT_SANDBOX:sandbox_cmd wiremock:$PORT_WIREMOCK:wiremock_cmd
    sandbox_launcher:$PORT_SANDBOX:launcher_cmd wiremock_tuned:$PORT_WIREMOCK:wiremock_tuned_cmd
    javalin:$PORT_JAVALIN:javalin_cmd)
  [ -z "$BASELINE_JAR" ] || VARIANTS+=(baseline:$PORT_BASELINE:baseline_cmd)
  declare -A WALL CPU
  for _ in $(seq "$STARTS"); do
    for variant in "${VARIANTS[@]}"; do
      IFS=: read -r name port cmd <<< "$variant"
      read -r wall cpu <<< "$(start_ms "$name" "$port" "$cmd")"
      WALL[$name]+="$wall "; CPU[$name]+="$cpu "
    done
  done
  for variant in "${VARIANTS[@]}"; do
    name=${variant%%:*}
    echo "  $name: ${WALL[$name]}ms wall; ${CPU[$name]}ms CPU" >&2
    record "${name}_start_ms" "$(tr ' ' '\n' <<< "${WALL[$name]}" | grep . | median)"
    record "${name}_start_cpu_ms" "$(tr ' ' '\n' <<< "${CPU[$name]}" | grep . | median)"
  done
  record load_start "$(cut -d' ' -f1-3 /proc/loadavg)"
fi

if part cold; then
  log "the first Sandbox.start() in a fresh JVM to its first answer: $STARTS JVMs each, alternating"
  for _ in $(seq "$STARTS"); do
    java $JAVA_OPTS -cp "$CP" io.bankssandbox.internal.bench.StartupBreakdown cold >> "$OUT/cold.properties"
    [ -z "$BASELINE_JAR" ] || java $JAVA_OPTS -cp "$BASELINE_JAR:$OUT/classes" io.bankssandbox.internal.bench.StartupBreakdown cold \
      | sed 's/^cold_/baseline_cold_/' >> "$OUT/cold.properties"
  done
  for key in $(cut -d= -f1 "$OUT/cold.properties" | sort -u); do
    values=$(grep "^$key=" "$OUT/cold.properties" | cut -d= -f2)
    echo "  $key: $(tr '\n' ' ' <<< "$values")" >&2
    record "$key" "$(median <<< "$values")"
  done
  rm -f "$OUT/cold.properties"
  record load_cold "$(cut -d' ' -f1-3 /proc/loadavg)"
fi

if part embedded; then
  log "embedded: start+GET+close per sandbox, reset per test (one JVM)"
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
record settings "wrk -t$THREADS -c$CONNECTIONS, $ROUNDS alternating rounds of -d$DURATION each (warm-up $WARMUP); $STARTS starts per variant; java $(java -version 2>&1 | head -1 | cut -d'"' -f2); JAVA_OPTS='$JAVA_OPTS' SANDBOX_JAVA_OPTS='$SANDBOX_JAVA_OPTS' NICE='${NICE:-}'; parts: $PARTS${BASELINE_JAR:+; baseline $BASELINE_JAR}"
java -cp "$CP" io.bankssandbox.internal.bench.Report "$RESULTS" "$OUT" | tee "$OUT/results.md"
