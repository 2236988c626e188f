#!/usr/bin/env bash
# End-to-end tests: the production front-end build served by the real nginx configuration
# (deploy/nginx.conf, rendered by scripts/render-nginx.sh), proxying to the real server on a fresh
# PostgreSQL database, driven in Debian's Chromium by playwright-core (e2e/tests).
#
#   scripts/e2e.sh                          every test file in e2e/tests (`make test-e2e` builds, then runs this)
#   scripts/e2e.sh e2e/tests/auth.test.js   some of them
#   scripts/e2e.sh --serve                  start everything, print the E2E_* variables and wait; then, in
#                                           another shell: eval "$(the printed export line)";
#                                           cd e2e && node --test tests/roles.test.js
#
# Needs: the debug server ($CARGO_TARGET_DIR or target/debug/trustee-portal, or TRUSTEE_PORTAL_BIN),
# frontend/dist (npm run build), /usr/bin/chromium, nginx, PostgreSQL (found or started by
# scripts/ensure-postgres.sh). Installs e2e/node_modules (playwright-core without any browser download,
# @axe-core/playwright) when missing. Screenshots go to e2e/test-results (git-ignored), emptied first.
set -euo pipefail

serve=0
files=()
for arg in "$@"; do
  case $arg in
    --serve) serve=1 ;;
    *) files+=("$(realpath "$arg")") ;;
  esac
done

cd "$(dirname "$0")/.."
root=$PWD

bin=${TRUSTEE_PORTAL_BIN:-${CARGO_TARGET_DIR:-$root/target}/debug/trustee-portal}
[ -x "$bin" ] || { echo "e2e: build the server first ($bin missing)" >&2; exit 2; }
[ -f frontend/dist/index.html ] || { echo "e2e: build the front end first (frontend/dist missing)" >&2; exit 2; }
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$nginx_bin" ] || { echo "e2e: nginx is missing (apt-get install nginx-light)" >&2; exit 2; }
[ -x /usr/bin/chromium ] || { echo "e2e: /usr/bin/chromium is missing (apt-get install chromium)" >&2; exit 2; }

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

server=$(scripts/ensure-postgres.sh)
db="tp_e2e_$$_$(date +%s)"
work=$(mktemp -d)
api_port=$(free_port)
web_port=$(free_port)
pids=()

cleanup() {
  local status=$?
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql "$server/postgres" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
  if [ $status -ne 0 ]; then
    echo "--- server log (last 40 lines) ---" >&2; tail -40 "$work/server.log" >&2 || true
    echo "--- nginx log (last 20 lines) ---" >&2; tail -20 "$work/nginx.log" >&2 || true
  fi
  rm -rf "$work"
  exit $status
}
trap cleanup EXIT
trap "exit 143" INT TERM

psql "$server/postgres" -qc "CREATE DATABASE $db"

# Mail goes to a real SMTP server (MailDev, scripts/ensure-mail.sh) that the tests read back.
mail=$(scripts/ensure-mail.sh)
smtp_url=$(sed -n 's/^SMTP_URL=//p' <<<"$mail")
export E2E_MAILDEV_URL=$(sed -n 's/^MAILDEV_URL=//p' <<<"$mail")

# Single sign-on through the tests' OpenID provider (scripts/ensure-oidc.sh): 'Sign in with Local ID'.
oidc=$(scripts/ensure-oidc.sh)
export E2E_OIDC_ISSUER_URL=$(sed -n 's/^OIDC_ISSUER_URL=//p' <<<"$oidc")

export E2E_ADMIN_EMAIL=admin@example.org
export E2E_ADMIN_PASSWORD="e2e-$$-harbour-lantern"
DATABASE_URL="$server/$db" PORT=$api_port DATA_DIR="$work/data" \
  JWT_SECRET="e2e-secret-that-is-long-enough-for-hs256-$$" SECRETS_KEY="e2e-secrets-key-long-enough-to-seal-$$" BCRYPT_COST=4 TRUST_PROXY=true \
  ADMIN_EMAIL=$E2E_ADMIN_EMAIL ADMIN_PASSWORD=$E2E_ADMIN_PASSWORD LOG_LEVEL=warn \
  SMTP_URL="$smtp_url" PUBLIC_URL="http://127.0.0.1:$web_port" MAIL_POLL_MILLISECONDS=200 \
  OIDC_ISSUER_URL="$E2E_OIDC_ISSUER_URL" OIDC_CLIENT_ID="$(sed -n 's/^OIDC_CLIENT_ID=//p' <<<"$oidc")" \
  OIDC_CLIENT_SECRET="$(sed -n 's/^OIDC_CLIENT_SECRET=//p' <<<"$oidc")" OIDC_BUTTON_LABEL="Local ID" \
  "$bin" serve >"$work/server.log" 2>&1 &
pids+=($!)

NGINX_RUNTIME_DIR="$work/nginx-run" scripts/render-nginx.sh "$work/nginx" "127.0.0.1:$web_port" \
  "127.0.0.1:$api_port" "$root/frontend/dist" >/dev/null
"$nginx_bin" -p "$work/nginx" -c "$work/nginx/nginx.conf" -e stderr -g 'daemon off;' \
  >"$work/nginx.log" 2>&1 &
pids+=($!)

base="http://127.0.0.1:$web_port"
# Up to 60 s for the server (migrations on a busy machine), as long as both processes are alive.
for _ in $(seq 1 600); do
  if curl -fsS "$base/readyz" >/dev/null 2>&1 && curl -fsS "$base/" >/dev/null 2>&1; then break; fi
  for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null || { echo "e2e: the server or nginx exited" >&2; exit 1; }; done
  sleep 0.1
done
curl -fsS "$base/readyz" >/dev/null || { echo "e2e: the portal did not come up" >&2; exit 1; }

if [ ! -f e2e/node_modules/.installed ] || [ e2e/package-lock.json -nt e2e/node_modules/.installed ]; then
  echo "[e2e] installing playwright-core and @axe-core/playwright (no browser download)"
  (cd e2e && (npm ci --no-audit --no-fund || npm install --no-audit --no-fund)) >&2
  touch e2e/node_modules/.installed
fi
export E2E_BASE_URL=$base E2E_DATABASE_URL="$server/$db" E2E_ARTIFACTS="$root/e2e/test-results"
echo "[e2e] portal at $base (api :$api_port, database $db)"
if [ $serve = 1 ]; then
  echo "export E2E_BASE_URL=$E2E_BASE_URL E2E_DATABASE_URL=$E2E_DATABASE_URL E2E_ARTIFACTS=$E2E_ARTIFACTS E2E_MAILDEV_URL=$E2E_MAILDEV_URL E2E_ADMIN_EMAIL=$E2E_ADMIN_EMAIL E2E_ADMIN_PASSWORD=$E2E_ADMIN_PASSWORD E2E_OIDC_ISSUER_URL=$E2E_OIDC_ISSUER_URL"
  wait
  exit 0
fi
rm -rf "$E2E_ARTIFACTS"
cd e2e
# The time limit holds for each test and for each file as a whole: the axe files (every page of a role in
# two themes at two widths) take a few minutes on a busy machine.
if [ ${#files[@]} -gt 0 ]; then
  node --test --test-concurrency=1 --test-timeout=300000 --test-reporter=spec "${files[@]}"
else
  npm test
fi
