#!/usr/bin/env bash
# Finds or starts the local OpenID provider of the tests (scripts/oidc-provider/server.mjs: panva's certified
# oidc-provider, installed with npm into .local/tools) and prints on stdout:
#   OIDC_ISSUER_URL=http://127.0.0.1:<port>
#   OIDC_SECOND_ISSUER_URL=http://127.0.0.1:<port>   (another issuer, for "a token from another issuer")
#   OIDC_CLIENT_ID=trustee-portal
#   OIDC_CLIENT_SECRET=portal-secret
#   OIDC_OTHER_CLIENT_ID=another-client                (a second client of the same issuer)
# Order: the one this script started earlier when it still answers; else a new one on OIDC_PORT and
# OIDC_SECOND_PORT (default 9400/9401) or on free ports when those are taken.
# Progress goes to stderr. `scripts/ensure-oidc.sh stop` stops the one this script started.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { echo "[oidc] $*" >&2; }

OIDC_PROVIDER_VERSION=9.13.3
JOSE_VERSION=6.2.13
tools="$PWD/.local/tools"
state="$PWD/.local/oidc"
port="${OIDC_PORT:-9400}"
second_port="${OIDC_SECOND_PORT:-9401}"

answers() { curl -fsS -m 2 "http://127.0.0.1:$1/.well-known/openid-configuration" >/dev/null 2>&1; }
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
print() {
  echo "OIDC_ISSUER_URL=http://127.0.0.1:$1"
  echo "OIDC_SECOND_ISSUER_URL=http://127.0.0.1:$2"
  echo "OIDC_CLIENT_ID=trustee-portal"
  echo "OIDC_CLIENT_SECRET=portal-secret"
  echo "OIDC_OTHER_CLIENT_ID=another-client"
}

if [ "${1:-}" = stop ]; then
  if [ -f "$state/pid" ] && kill -0 "$(cat "$state/pid")" 2>/dev/null; then kill "$(cat "$state/pid")"; log "stopped"; fi
  rm -f "$state/pid" "$state/ports"
  exit 0
fi

if [ ! -f "$tools/node_modules/oidc-provider/package.json" ] \
  || ! grep -q "\"version\": \"$OIDC_PROVIDER_VERSION\"" "$tools/node_modules/oidc-provider/package.json"; then
  command -v npm >/dev/null 2>&1 || { log "npm is missing (install Node.js: make system-deps)"; exit 1; }
  log "installing oidc-provider $OIDC_PROVIDER_VERSION into .local/tools (npm)"
  mkdir -p "$tools"
  npm install --prefix "$tools" --no-audit --no-fund --loglevel=error \
    "oidc-provider@$OIDC_PROVIDER_VERSION" "jose@$JOSE_VERSION" >&2
fi

if [ -f "$state/ports" ]; then
  read -r p s < "$state/ports"
  if answers "$p" && answers "$s"; then
    log "using the provider at http://127.0.0.1:$p (second issuer :$s)"
    print "$p" "$s"; exit 0
  fi
fi

port_free "$port" || port=$(free_port)
port_free "$second_port" || second_port=$(free_port)
mkdir -p "$state"
log "starting the OpenID provider: http://127.0.0.1:$port (second issuer :$second_port)"
# The script is copied beside the installed package so that node resolves `oidc-provider` from there.
cp scripts/oidc-provider/server.mjs "$tools/oidc-server.mjs"
nohup node "$tools/oidc-server.mjs" "$port" "$second_port" > "$state/provider.log" 2>&1 &
echo $! > "$state/pid"
echo "$port $second_port" > "$state/ports"
for _ in $(seq 1 100); do
  if answers "$port" && answers "$second_port"; then print "$port" "$second_port"; exit 0; fi
  sleep 0.2
done
log "the OpenID provider did not start; see .local/oidc/provider.log"
exit 1
