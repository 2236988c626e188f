#!/usr/bin/env bash
# Finds or starts a test S3-compatible server and prints, on stdout:
#   S3_ENDPOINT_URL=http://127.0.0.1:<port>
#   S3_BUCKET=trustee-portal-test              (created when missing)
# The server is moto's (PyPI `moto` + flask, in the test tools' venv made by scripts/ensure-python-tools.sh):
# a pip install of a few seconds, no Docker, no compiler. It accepts any credentials; the tests sign their
# requests with AWS_ACCESS_KEY_ID=test / AWS_SECRET_ACCESS_KEY=test in region us-east-1. It keeps objects in
# memory, so it starts empty and every test uses its own prefix.
# Order: 1. the one this script started earlier (.local/s3/ports) when it still answers;
#        2. otherwise moto started on S3_TEST_PORT (default 9100), or on a free port when that is taken.
# Another S3 (MinIO, ...) can be used instead by exporting TEST_S3_ENDPOINT_URL and TEST_S3_BUCKET (and
# TEST_AWS_ACCESS_KEY_ID / TEST_AWS_SECRET_ACCESS_KEY) before the tests: they then never call this script.
# Progress goes to stderr. `scripts/ensure-s3.sh stop` stops the one this script started.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { echo "[s3] $*" >&2; }

state="$PWD/.local/s3"
port="${S3_TEST_PORT:-9100}"
bucket="${S3_TEST_BUCKET:-trustee-portal-test}"

# moto answers an unsigned GET / with its bucket list (an S3 ListAllMyBuckets document).
answers() { curl -fsS -m 2 "http://127.0.0.1:$1/" 2>/dev/null | grep -q ListAllMyBucketsResult; }
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
ready() {
  # moto creates buckets from an unsigned PUT; an existing one answers 200 (us-east-1) or 409.
  local code
  code=$(curl -sS -m 5 -o /dev/null -w '%{http_code}' -X PUT "http://127.0.0.1:$1/$bucket") || return 1
  case "$code" in 200|409) ;; *) log "creating bucket $bucket answered $code"; return 1;; esac
  echo "S3_ENDPOINT_URL=http://127.0.0.1:$1"
  echo "S3_BUCKET=$bucket"
}

if [ "${1:-}" = stop ]; then
  if [ -f "$state/pid" ] && kill -0 "$(cat "$state/pid")" 2>/dev/null; then kill "$(cat "$state/pid")"; log "stopped"; fi
  rm -f "$state/pid" "$state/port"
  exit 0
fi

if [ -f "$state/port" ]; then
  p=$(cat "$state/port")
  if answers "$p"; then log "using moto on http://127.0.0.1:$p"; ready "$p"; exit 0; fi
fi

venv=$(scripts/ensure-python-tools.sh)
port_free "$port" || port=$(free_port)
mkdir -p "$state"
log "starting moto's S3 server on http://127.0.0.1:$port"
nohup "$venv/bin/python" -m moto.server -H 127.0.0.1 -p "$port" > "$state/moto.log" 2>&1 &
echo $! > "$state/pid"
echo "$port" > "$state/port"
for _ in $(seq 1 100); do
  if answers "$port"; then ready "$port"; exit 0; fi
  kill -0 "$(cat "$state/pid")" 2>/dev/null || break
  sleep 0.2
done
log "moto did not start; see .local/s3/moto.log"
exit 1
