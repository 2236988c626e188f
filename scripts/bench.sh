#!/usr/bin/env bash
# `make bench` (docs/performance.md): the release portal on a fresh seeded database (100 notices, 20
# documents, 10 actions, a meeting) against the ceiling, a minimal actix-web server answering the same
# response bytes (crates/bench), measured with wrk
# (64 connections, BENCH_SECONDS each, default 10). Prints requests/s, p50, p99, the portal's peak RSS and its
# share of the ceiling per endpoint; then chat delivery to 50 SSE listeners and a sign-in.
# The figures are for the machine it runs on: docs/performance.md says which machine and how loaded.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
target=${CARGO_TARGET_DIR:-$root/target}
bin=${TRUSTEE_PORTAL_RELEASE_BIN:-$target/release/trustee-portal}
ceiling_bin=${BENCH_CEILING_BIN:-$target/release/bench-ceiling}
seconds=${BENCH_SECONDS:-10}
connections=${BENCH_CONNECTIONS:-64}
for b in "$bin" "$ceiling_bin"; do [ -x "$b" ] || { echo "bench: build first ($b missing)" >&2; exit 2; }; done
command -v wrk >/dev/null 2>&1 || WITH_BENCH=1 scripts/install-system-deps.sh
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

server=$(scripts/ensure-postgres.sh)
db="tp_bench_$$_$(date +%s)"
work=$(mktemp -d)
port=$(free_port); ceiling_port=$(free_port)
pid=; ceiling_pid=
cleanup() {
  local status=$?
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  [ -n "$ceiling_pid" ] && kill "$ceiling_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  psql "$server/postgres" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
  if [ $status -ne 0 ]; then tail -20 "$work/server.log" >&2 || true; fi
  rm -rf "$work"
  exit $status
}
trap cleanup EXIT
trap "exit 143" INT TERM

psql "$server/postgres" -qc "CREATE DATABASE $db"
password="bench-$$-quiet-lantern"
DATABASE_URL="$server/$db" PORT=$port DATA_DIR="$work/data" JWT_SECRET="bench-secret-long-enough-for-hs256-$$" SECRETS_KEY="bench-secrets-key-long-enough-to-seal-$$" \
  ADMIN_EMAIL=admin@example.org ADMIN_PASSWORD=$password LOG_LEVEL=warn "$bin" serve >"$work/server.log" 2>&1 &
pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 200); do curl -fsS "$base/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
login_body="{\"email\":\"admin@example.org\",\"password\":\"$password\"}"
token=$(curl -fsS "$base/api/auth/login" -H 'Content-Type: application/json' -d "$login_body" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
auth=(-H "Authorization: Bearer $token")
for n in $(seq 1 100); do
  curl -fsS -o /dev/null "$base/api/notices" "${auth[@]}" -H 'Content-Type: application/json' \
    -d "{\"title\":\"Notice $n\",\"content\":\"The board meets on the first Tuesday; papers go out a week before. ($n)\"}"
done
# 20 documents, 10 actions and a meeting, so that the documents list and the dashboard read real rows.
printf 'Board papers for the benchmark.\n' >"$work/paper.txt"
for n in $(seq 1 20); do
  curl -fsS -o /dev/null "$base/api/documents" "${auth[@]}" -F "title=Board paper $n" -F category=governance \
    -F "file=@$work/paper.txt;type=text/plain"
done
admin_id=$(curl -fsS "$base/api/auth/me" "${auth[@]}" |
  python3 -c 'import json,sys; d=json.load(sys.stdin); print(d.get("id") or d["user"]["id"])')
for n in $(seq 1 10); do
  curl -fsS -o /dev/null "$base/api/actions" "${auth[@]}" -H 'Content-Type: application/json' \
    -d "{\"title\":\"Action $n\",\"description\":\"Follow up item $n\",\"assignedTo\":$admin_id}"
done
meeting_date=$(date -u -d '+30 days' +%Y-%m-%dT18:00:00Z)
curl -fsS -o /dev/null "$base/api/meetings" "${auth[@]}" -H 'Content-Type: application/json' \
  -d "{\"title\":\"Board meeting\",\"meetingDate\":\"$meeting_date\"}"
committee=$(curl -fsS "$base/api/committees" "${auth[@]}" -H 'Content-Type: application/json' \
  -d '{"name":"Finance","description":"Bench"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')

# The same bytes for the ceiling.
declare -A paths=([notices]=/api/notices [documents]=/api/documents [dashboard]=/api/dashboard/stats [me]=/api/auth/me)
mkdir -p "$work/bodies"
for name in notices documents dashboard me; do
  curl -fsS "$base${paths[$name]}" "${auth[@]}" -o "$work/bodies/$name.json"
done
echo "answer sizes (bytes): $(for name in notices documents dashboard me; do
  printf '%s %s  ' "$name" "$(wc -c <"$work/bodies/$name.json")"; done)"
"$ceiling_bin" "$ceiling_port" "$work/bodies" >/dev/null 2>&1 &
ceiling_pid=$!
for _ in $(seq 1 100); do curl -fsS "http://127.0.0.1:$ceiling_port/me" >/dev/null 2>&1 && break; sleep 0.1; done

# wrk's summary as "requests/s p50_ms p99_ms non2xx".
measure() {
  wrk -t2 -c"$connections" -d"${seconds}s" --latency "$@" 2>&1 | python3 -c '
import re, sys
text = sys.stdin.read()
def ms(label):
    m = re.search(r"^\s*" + label + r"\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
    if not m: return float("nan")
    return float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(2)]
rps = re.search(r"Requests/sec:\s+([\d.]+)", text)
bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", text)
p50, p99 = ms("50%"), ms("99%")
print(f"{float(rps.group(1)) if rps else 0:.0f} {p50:.2f} {p99:.2f} {bad.group(1) if bad else 0}")'
}
rss_mb() { awk '/VmHWM/ {printf "%.0f", $2/1024}' "/proc/$1/status"; }

printf '\n%-22s %10s %8s %8s %10s %8s %8s %7s %8s\n' endpoint portal_rps p50_ms p99_ms ceiling_rps p50_ms p99_ms share rss_mb
for name in notices documents dashboard me; do
  read -r rps p50 p99 bad < <(measure "${auth[@]}" "$base${paths[$name]}")
  read -r crps cp50 cp99 _ < <(measure "http://127.0.0.1:$ceiling_port/$name")
  share=$(python3 -c "print(f'{100*$rps/max($crps,1):.0f}%')")
  printf '%-22s %10s %8s %8s %10s %8s %8s %7s %8s%s\n' "GET ${paths[$name]}" "$rps" "$p50" "$p99" "$crps" "$cp50" "$cp99" \
    "$share" "$(rss_mb $pid)" "$([ "$bad" != 0 ] && echo "  ($bad non-2xx)")"
done

# Sign-in: bcrypt at the configured cost, and the throttle (which answers 429 to a flood from one address).
cat >"$work/login.lua" <<LUA
wrk.method = "POST"
wrk.body = '$login_body'
wrk.headers["Content-Type"] = "application/json"
LUA
read -r rps p50 p99 bad < <(measure -s "$work/login.lua" "$base/api/auth/login")
printf '%-22s %10s %8s %8s %10s %8s %8s %7s %8s  (%s non-2xx: the sign-in throttle)\n' "POST /api/auth/login" "$rps" "$p50" "$p99" - - - - "$(rss_mb $pid)" "$bad"

# Chat: 50 listeners on the committee's stream, 20 messages posted 100 ms apart; delivery = arrival - post.
python3 - "$base" "$token" "$committee" <<'PY'
import http.client, json, statistics, sys, threading, time, urllib.parse
base, token, committee = sys.argv[1], sys.argv[2], sys.argv[3]
host = urllib.parse.urlparse(base)
arrivals, lock, ready = [], threading.Lock(), threading.Barrier(51)
def listen():
    c = http.client.HTTPConnection(host.hostname, host.port, timeout=30)
    c.request("GET", f"/api/committees/{committee}/messages/stream", headers={"Authorization": f"Bearer {token}"})
    r = c.getresponse(); ready.wait()
    seen = 0
    while seen < 20:
        line = r.fp.readline()
        if not line: return
        if line.startswith(b"id: "):
            with lock: arrivals.append((int(line[4:]), time.monotonic()))
            seen += 1
threads = [threading.Thread(target=listen, daemon=True) for _ in range(50)]
for t in threads: t.start()
ready.wait(); time.sleep(0.5)
posted = {}
c = http.client.HTTPConnection(host.hostname, host.port, timeout=30)
for n in range(20):
    start = time.monotonic()
    c.request("POST", f"/api/committees/{committee}/messages", body=json.dumps({"message": f"bench {n}"}),
              headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    posted[json.loads(c.getresponse().read())["id"]] = start
    time.sleep(0.1)
for t in threads: t.join(timeout=10)
delays = [1000 * (at - posted[i]) for i, at in arrivals if i in posted]
print(f"\nchat delivery to 50 listeners: {len(delays)} of {50*20} deliveries, "
      f"median {statistics.median(delays):.1f} ms, p99 {sorted(delays)[int(0.99*len(delays))-1]:.1f} ms")
PY
echo "portal peak RSS: $(rss_mb $pid) MB; machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GB", $2/1048576}' /proc/meminfo), load $(cut -d' ' -f1-3 /proc/loadavg)"
# The sign-in page's initial JavaScript (gzip -9), from the last production build (docs/performance.md).
if [ -f frontend/.webpack-stats.json ] && [ -d frontend/dist/assets ]; then
  (cd frontend && node scripts/bundle-sizes.mjs | grep 'Sign-in page') || true
else
  echo "sign-in page JavaScript: build the front end first (make build-frontend)"
fi
