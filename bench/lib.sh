# Sourced by bench/run.sh and bench/ab.sh: starting and stopping servers, the card body every peer
# serves, and the throughput sample (warm-up until the server's CPU per request settles, then one
# wrk run, its figures a line each in $OUT/rounds/NAME.FIELD). Expects ROOT, OUT, JAR, JAVA_OPTS,
# SANDBOX_JAVA_OPTS, THREADS, CONNECTIONS, DURATION, WARMUP, WARMUP_MAX and PIDS (an array) set.
CARD=card_0000006ffif7l9i19ra5
ERA_PATH=/v0/remittances/remittance_0000005rrouky2o4dz6v/era
AUTH="Authorization: Bearer lm_key_sandbox_all"

log() { printf '\n== %s\n' "$*" >&2; }
# a port nothing listens on now (another engineer's bench may hold a fixed one): random, checked with ss
free_port() {
  local port
  while :; do
    port=$(( 20000 + RANDOM % 30000 ))
    ss -Htln "sport = :$port" | grep -q . || { echo "$port"; return; }
  done
}
load_now() { cut -d' ' -f1 /proc/loadavg; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

install_wrk() {
  command -v wrk >/dev/null && return
  log "installing wrk from Debian"
  if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
  $SUDO apt-get install -y wrk >/dev/null || { $SUDO apt-get update >/dev/null && $SUDO apt-get install -y wrk >/dev/null; }
}

# not timed: the throughput part's servers and the training runs (StartBench times the starts)
wait_200() { # URL PID
  until curl -sf -o /dev/null -H "$AUTH" "$1"; do
    kill -0 "$2" 2>/dev/null || { echo "server (pid $2) died; see $OUT/*.log" >&2; exit 1; }
    sleep 0.05
  done
}

stop() { kill "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; }

# exec: the background job is the JVM itself, so its $! is the pid that stop() kills
sandbox_jar_cmd() { local jar=$1; shift; exec java $JAVA_OPTS $SANDBOX_JAVA_OPTS -jar "$jar" serve --port "$1"; }

# GET /v0/cards/$CARD from a sandbox of JAR into $OUT/card.json: the bytes every peer's stub serves
card_body() { # PORT
  local pid
  sandbox_jar_cmd "$JAR" "$1" > "$OUT/sandbox.log" 2>&1 & PIDS+=($!); pid=$!
  wait_200 "http://127.0.0.1:$1/v0/cards/$CARD" "$pid"
  curl -sf -H "$AUTH" "http://127.0.0.1:$1/v0/cards/$CARD" > "$OUT/card.json"
  stop "$pid"
}

# WireMock's mapping and MockServer's expectation (as their docs give them to a server started from
# the command line), each serving $OUT/card.json
peer_stubs() {
  mkdir -p "$OUT/wiremock-root/mappings" "$OUT/wiremock-root/__files"
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
  # MockServer's expectation, given as its docs say for a server started from the command line
  cat > "$OUT/mockserver-init.json" <<JSON
[{
  "httpRequest": { "method": "GET", "path": "/v0/cards/$CARD" },
  "httpResponse": {
    "statusCode": 200,
    "headers": { "Content-Type": ["application/json;charset=utf-8"] },
    "body": { "type": "BINARY", "base64Bytes": "$(base64 -w0 "$OUT/card.json")" }
  }
}]
JSON
}

# wrk NAME URL [script] [-- args]: one run with the same settings for every server (measure: its
# figures a line each in ROUNDS_DIR, by default $OUT/rounds, as NAME.FIELD)
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
    case $field in WRK) ;; *) echo "${field#*=}" >> "${ROUNDS_DIR:-$OUT/rounds}/$name.${field%%=*}" ;; esac
  done
}

# warm_up NAME PID URL SCRIPT RUN: wrk in 3 s windows, at least WARMUP, then until the server's CPU
# per request has stopped falling, at most WARMUP_MAX. Settled means: each of the last three windows
# within -8%/+15% of the one before it (a young collection falling in one window moves it that much)
# AND the last no more than 8% under the window three before it (no slow slide over 9 s). A POST's
# path has more to compile than a GET's: on a fresh JVM its cost falls from ~550 to ~100 µs over 30
# to 40 s of traffic, in steps with plateaus between them while C2 compiles the next part. The former
# test (two windows agreeing, after 10 s) stopped on such a plateau and measured POST at 0.21x GET for
# every build (29 Nov 2026, bench/RESULTS.md); hence the defaults of 40 s and 90 s, and three windows.
# On a quiet machine the POST settles at 40 to 50 s; at load 15 its last step (270 to 130 µs) came
# after 65 to 70 s of traffic, which a 60 s ceiling would have measured as the change's figure.
# The costs of the windows go to the log.
warm_up() {
  local name=$1 pid=$2 url=$3 script=$4 run=$5 elapsed=0 window=0 line c0 c1 n cost costs=
  local min=${WARMUP%s} max=${WARMUP_MAX%s}
  local -a seen=()
  while :; do
    c0=$(cpu_ticks "$pid")
    line=$(wrk_run 3s "$name" "$url" "$script" -- "$run-warm$window")
    c1=$(cpu_ticks "$pid")
    n=$(grep -o 'requests=[0-9]*' <<< "$line" | cut -d= -f2)
    cost=$(awk -v t=$((c1 - c0)) -v n="${n:-0}" -v hz="$(getconf CLK_TCK)" 'BEGIN {printf "%.0f", (n > 0) ? t * 1e6 / hz / n : 0}')
    elapsed=$((elapsed + 3)); window=$((window + 1)); costs+=" $cost"; seen+=("$cost")
    if [ "$elapsed" -ge "$min" ] && [ "${#seen[@]}" -ge 4 ] && awk -v d="${seen[*]: -4}" 'BEGIN {
        split(d, c, " ")
        for (i = 2; i <= 4; i++) if (!(c[i-1] > 0 && c[i] <= c[i-1] * 1.15 && c[i] >= c[i-1] * 0.92)) exit 1
        exit !(c[4] >= c[1] * 0.92) }'; then
      echo "  $name: warmed up in $elapsed s (server CPU per request, µs, by 3 s window:$costs)" >&2
      return
    fi
    if [ "$elapsed" -ge "$max" ]; then
      echo "  $name: warm-up stopped at $elapsed s, not settled (server CPU per request, µs, by 3 s window:$costs)" >&2
      return
    fi
  done
}

# throughput_sample NAME COMMAND PORT PATH SCRIPT RUN: a fresh server JVM started by COMMAND, warmed
# up, measured, stopped
throughput_sample() {
  local name=$1 cmd=$2 port=$3 path=$4 script=${5:-$ROOT/bench/wrk/report.lua} run=$6 pid
  $cmd "$port" > "$OUT/$name.log" 2>&1 & PIDS+=($!); pid=$!
  wait_200 "http://127.0.0.1:$port/v0/cards/$CARD" "$pid"
  # a 200 from another process holding the port is not this server's: it could not listen (see its log)
  kill -0 "$pid" 2>/dev/null || { echo "$name exited; see $OUT/$name.log" >&2; exit 1; }
  warm_up "$name" "$pid" "http://127.0.0.1:$port$path" "$script" "$run"
  measure "$name" "$pid" "http://127.0.0.1:$port$path" "$script" -- "$run"
  stop "$pid"
}
