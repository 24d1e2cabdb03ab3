#!/usr/bin/env bash
# HTTP load figures against a release server on this machine (loopback only, bounded in time):
# requests/s and p99 latency of GET /api/v1/me, GET /api/v1/focus/timer and GET /api/v1/lists/{id}
# (a list of 20 items) with a bearer token, as ratios to GET /health measured on the same server in
# the same run.
# Usage: scripts/load-test.sh [seconds per endpoint, default 10]
# HEARTH_BIN runs another binary instead of the release build (a build of an earlier commit, to compare).
set -euo pipefail
cd "$(dirname "$0")/.."

duration=${1:-10}
command -v wrk >/dev/null || { echo "wrk is missing: run scripts/install-deps.sh bench" >&2; exit 1; }
binary=${HEARTH_BIN:-}
if [ -z "$binary" ]; then
    swift build -c release --product hearth >/dev/null
    binary=.build/release/hearth
fi

data=$(mktemp -d /tmp/hearth-load.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
HEARTH_LOG_LEVEL=warning "$binary" serve --port "$port" --data-dir "$data" >"$data/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$data"' EXIT

base="http://127.0.0.1:$port"
for _ in $(seq 1 100); do curl -sf "$base/health" >/dev/null && break; sleep 0.1; done

curl -sf -X POST "$base/api/v1/auth/register" -H 'Content-Type: application/json' \
    -d '{"name":"Load","email":"load@example.org","password":"load test password"}' >/dev/null
token=$(curl -sf -X POST "$base/api/v1/auth/tokens" -H 'Content-Type: application/json' \
    -d '{"name":"load","email":"load@example.org","password":"load test password"}' \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')

# Prints "requests_per_second p99_milliseconds" for one endpoint.
measure() {
    wrk -t2 -c32 -d"${duration}s" --latency "$@" | python3 -c '
import re, sys
text = sys.stdin.read()
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
value, unit = re.search(r"99%\s+([\d.]+)(us|ms|s)", text).groups()
scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]
print(f"{rps:.0f} {float(value) * scale:.2f}")'
}

read -r health_rps health_p99 < <(measure "$base/health")
read -r me_rps me_p99 < <(measure -H "Authorization: Bearer $token" "$base/api/v1/me")
curl -sf -X POST "$base/api/v1/focus/timer/start" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -d '{"mode":"pomodoro"}' >/dev/null
read -r timer_rps timer_p99 < <(measure -H "Authorization: Bearer $token" "$base/api/v1/focus/timer")
list=$(curl -sf -X POST "$base/api/v1/lists" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -d '{"name":"Groceries"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
for n in $(seq 1 20); do
    curl -sf -X POST "$base/api/v1/lists/$list/items" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
        -d "{\"name\":\"Item $n\",\"quantity\":\"$n kg\"}" >/dev/null
done
read -r list_rps list_p99 < <(measure -H "Authorization: Bearer $token" "$base/api/v1/lists/$list")

python3 - "$health_rps" "$health_p99" "$me_rps" "$me_p99" "$timer_rps" "$timer_p99" "$list_rps" "$list_p99" <<'PY'
import sys
health_rps, health_p99, me_rps, me_p99, timer_rps, timer_p99, list_rps, list_p99 = map(float, sys.argv[1:])
print(f"GET /health              {health_rps:8.0f} req/s   p99 {health_p99:7.2f} ms")
print(f"GET /api/v1/me           {me_rps:8.0f} req/s   p99 {me_p99:7.2f} ms   ratio to /health: throughput {me_rps / health_rps:.2f}, p99 {me_p99 / health_p99:.2f}")
print(f"GET /api/v1/focus/timer  {timer_rps:8.0f} req/s   p99 {timer_p99:7.2f} ms   ratio to /health: throughput {timer_rps / health_rps:.2f}, p99 {timer_p99 / health_p99:.2f}")
print(f"GET /api/v1/lists/{{id}}   {list_rps:8.0f} req/s   p99 {list_p99:7.2f} ms   ratio to /health: throughput {list_rps / health_rps:.2f}, p99 {list_p99 / health_p99:.2f}")
PY
