#!/usr/bin/env bash
# Finds or starts a test mail server (MailDev: SMTP plus a web inbox and a REST API to read mail back) and
# prints two lines on stdout:
#   SMTP_URL=smtp://127.0.0.1:<port>
#   MAILDEV_URL=http://127.0.0.1:<port>      (web inbox; the API is under /api/email)
# Order: 1. MAILDEV_SMTP_PORT/MAILDEV_WEB_PORT (default 1025/1080) when a MailDev answers there;
#        2. otherwise MailDev from .local/tools (always installed with npm when missing) started on those ports,
#           or on free ports when they are taken by something else.
# Progress goes to stderr. `scripts/ensure-mail.sh stop` stops the one this script started.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { echo "[mail] $*" >&2; }

MAILDEV_VERSION=3.0.0
tools="$PWD/.local/tools"
state="$PWD/.local/maildev"
smtp_port="${MAILDEV_SMTP_PORT:-1025}"
web_port="${MAILDEV_WEB_PORT:-1080}"

answers() { curl -fsS -m 2 "http://127.0.0.1:$1/api/email/summary" >/dev/null 2>&1 || curl -fsS -m 2 "http://127.0.0.1:$1/api/email" >/dev/null 2>&1; }
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

if [ "${1:-}" = stop ]; then
  if [ -f "$state/pid" ] && kill -0 "$(cat "$state/pid")" 2>/dev/null; then kill "$(cat "$state/pid")"; log "stopped"; fi
  rm -f "$state/pid" "$state/ports"
  exit 0
fi

# Installed even when a running MailDev is reused: the outage test starts its own from this copy.
if [ ! -x "$tools/node_modules/.bin/maildev" ]; then
  command -v npm >/dev/null 2>&1 || { log "npm is missing (install Node.js: make system-deps)"; exit 1; }
  log "installing maildev $MAILDEV_VERSION into .local/tools (npm)"
  mkdir -p "$tools"
  npm install --prefix "$tools" --no-audit --no-fund --loglevel=error "maildev@$MAILDEV_VERSION" >&2
fi

# The one started earlier by this script, wherever its ports are.
if [ -f "$state/ports" ]; then
  read -r s w < "$state/ports"
  if answers "$w"; then
    log "using MailDev on SMTP $s, inbox http://127.0.0.1:$w"
    echo "SMTP_URL=smtp://127.0.0.1:$s"; echo "MAILDEV_URL=http://127.0.0.1:$w"; exit 0
  fi
fi
if answers "$web_port"; then
  log "using the MailDev answering on port $web_port"
  echo "SMTP_URL=smtp://127.0.0.1:$smtp_port"; echo "MAILDEV_URL=http://127.0.0.1:$web_port"; exit 0
fi

port_free "$smtp_port" || smtp_port=$(free_port)
port_free "$web_port" || web_port=$(free_port)
mkdir -p "$state/mail"
log "starting MailDev: SMTP 127.0.0.1:$smtp_port, inbox http://127.0.0.1:$web_port"
nohup "$tools/node_modules/.bin/maildev" --ip 127.0.0.1 --web-ip 127.0.0.1 -s "$smtp_port" -w "$web_port" \
  --mail-directory "$state/mail" > "$state/maildev.log" 2>&1 &
echo $! > "$state/pid"
echo "$smtp_port $web_port" > "$state/ports"
for _ in $(seq 1 50); do
  if answers "$web_port"; then
    echo "SMTP_URL=smtp://127.0.0.1:$smtp_port"; echo "MAILDEV_URL=http://127.0.0.1:$web_port"; exit 0
  fi
  sleep 0.2
done
log "MailDev did not start; see .local/maildev/maildev.log"
exit 1
