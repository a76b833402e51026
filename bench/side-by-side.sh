#!/usr/bin/env bash
# Two builds' steady state on a loaded machine: both servers run at once, each warmed only by its own
# traffic, and wrk (the bench's -t2 -c16, POST with a new Idempotency-Key each) drives them in
# alternating windows, A then B, then B then A; each window prints both servers' CPU per request
# (from /proc, as bench/ab.sh reads it) and requests/s. Where bench/ab.sh's fresh server per sample
# cannot settle within its warm-up (at load 15 and more a POST server's last JIT step comes after 65
# to 70 s of traffic), the later windows here are both builds at their steady state, measured side by
# side: read the ratio of the windows after both costs stopped falling.
#
#   bench/side-by-side.sh A.jar B.jar post [WINDOWS=24] [SECONDS=5]
#   bench/side-by-side.sh sandbox-standalone/target/banks-sandbox.jar bench/target/ab/<sha>.jar get
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
A=$1 B=$2 MODE=$3 WINDOWS=${4:-24} SECONDS_PER_WINDOW=${5:-5}
OUT=$ROOT/bench/target/side-by-side
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-16}
mkdir -p "$OUT"
# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
install_wrk
PIDS=()
trap 'for p in "${PIDS[@]:-}"; do stop "$p"; done' EXIT
start() { # JAR LOG: a server on a free port; prints "PID PORT"
  local port pid
  port=$(free_port)
  java ${JAVA_OPTS:-} -jar "$1" serve --port "$port" > "$2" 2>&1 & pid=$!
  echo "$pid $port"
}
read -r PA PORT_A < <(start "$A" "$OUT/a.log"); PIDS+=("$PA")
read -r PB PORT_B < <(start "$B" "$OUT/b.log"); PIDS+=("$PB")
wait_200 "http://127.0.0.1:$PORT_A/v0/cards/$CARD" "$PA"
wait_200 "http://127.0.0.1:$PORT_B/v0/cards/$CARD" "$PB"
window() { # PID PORT: "CPU-µs-per-request requests/s" of one window
  local pid=$1 port=$2 url script t0 t1 requests
  if [ "$MODE" = post ]; then url=http://127.0.0.1:$port/v0/cards script=$ROOT/bench/wrk/post-card.lua
  else url=http://127.0.0.1:$port/v0/cards/$CARD script=$ROOT/bench/wrk/report.lua; fi
  t0=$(cpu_ticks "$pid")
  requests=$(wrk_run "${SECONDS_PER_WINDOW}s" "$MODE" "$url" "$script" -- "side$RANDOM$RANDOM" | grep -o 'requests=[0-9]*' | cut -d= -f2)
  t1=$(cpu_ticks "$pid")
  echo "$(( (t1 - t0) * 1000000 / $(getconf CLK_TCK) / (requests > 0 ? requests : 1) )) $(( requests / SECONDS_PER_WINDOW ))"
}
echo "# $MODE, A=$A, B=$B; per window: server CPU per request (µs) and requests/s"
for i in $(seq "$WINDOWS"); do
  if [ $((i % 2)) = 1 ]; then a=$(window "$PA" "$PORT_A"); b=$(window "$PB" "$PORT_B")
  else b=$(window "$PB" "$PORT_B"); a=$(window "$PA" "$PORT_A"); fi
  echo "$MODE window $i: A $a | B $b | load $(load_now)"
done
