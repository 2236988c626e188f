#!/usr/bin/env bash
# Property-based API tests: schemathesis (PyPI, in .local/venv) generates requests from the OpenAPI
# document the server serves and runs every default check against the real debug server on a fresh
# database. Fails on any failure. What is left out and why: docs/api-testing.md.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bin=${TRUSTEE_PORTAL_BIN:-${CARGO_TARGET_DIR:-$root/target}/debug/trustee-portal}
[ -x "$bin" ] || { echo "schemathesis: build the server first ($bin missing)" >&2; exit 2; }
venv=$(scripts/ensure-python-tools.sh)
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

server=$(scripts/ensure-postgres.sh)
db="tp_st_$$_$(date +%s)"
work=$(mktemp -d)
port=$(free_port)
pid=

cleanup() {
  local status=$?
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  wait 2>/dev/null || true
  psql "$server/postgres" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
  if [ $status -ne 0 ]; then echo "--- server log (last 30 lines) ---" >&2; tail -30 "$work/server.log" >&2 || true; fi
  rm -rf "$work"
  exit $status
}
trap cleanup EXIT
trap "exit 143" INT TERM

psql "$server/postgres" -qc "CREATE DATABASE $db"
admin_password="st-$$-quiet-lantern"
DATABASE_URL="$server/$db" PORT=$port DATA_DIR="$work/data" \
  JWT_SECRET="schemathesis-secret-long-enough-for-hs256-$$" SECRETS_KEY="schemathesis-secrets-key-long-enough-$$" BCRYPT_COST=4 \
  ADMIN_EMAIL=admin@example.org ADMIN_PASSWORD=$admin_password LOG_LEVEL=warn \
  "$bin" serve >"$work/server.log" 2>&1 &
pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 100); do curl -fsS "$base/readyz" >/dev/null 2>&1 && break; sleep 0.1; done

# Content for the generated ids to find, through the API itself.
token=$(curl -fsS "$base/api/auth/login" -H 'Content-Type: application/json' \
  -d "{\"email\":\"admin@example.org\",\"password\":\"$admin_password\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
api() { curl -fsS -o /dev/null "$base$2" -X "$1" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d "$3"; }
api POST /api/users '{"name":"Tina Trustee","email":"tina@example.org","password":"harbour-lantern-41","role":"trustee"}'
api POST /api/actions '{"title":"Review budget","assignedTo":2,"priority":"high"}'
api POST /api/notices '{"title":"Office closed","content":"Friday"}'
api POST /api/committees '{"name":"Finance","description":"Money"}'
api POST /api/meetings '{"title":"Board","description":null,"meetingDate":"2099-01-01T18:00:00Z","location":null,"meetingLink":null,"agendaLink":null}'

# Operations that end the caller's own session or password (and sign-in and confirming the password, whose
# throttle would make the run depend on its order) run last, in a second pass with an account of their own.
last=(--include-path /api/auth/logout --include-path /api/auth/change-password-temp
      --include-path /api/auth/admin-reset-password --include-path /api/auth/login
      --include-path /api/auth/change-password --include-path /api/auth/sessions/{id}
      --include-path /api/auth/sessions/sign-out-others --include-path /api/users/{id}/mfa-reset
      --include-path /api/security/settings --include-path /api/auth/reauthenticate)
"$venv/bin/schemathesis" run "$base/api/openapi.json" \
  --url "$base" \
  --header "Authorization: Bearer $token" \
  --checks all \
  --exclude-checks positive_data_acceptance \
  --max-examples "${SCHEMATHESIS_EXAMPLES:-10}" \
  --exclude-path /api/auth/logout \
  --exclude-path /api/auth/change-password-temp \
  --exclude-path /api/auth/admin-reset-password \
  --exclude-path /api/auth/login \
  --exclude-path /api/auth/change-password \
  --exclude-path /api/auth/sessions/{id} \
  --exclude-path /api/auth/sessions/sign-out-others \
  --exclude-path /api/users/{id}/mfa-reset \
  --exclude-path /api/security/settings \
  --exclude-path /api/auth/reauthenticate \
  --exclude-path /api/committees/{id}/messages/stream \
  --seed 1 \
  --no-color "$@"

api POST /api/users '{"name":"Last Admin","email":"last@example.org","password":"quiet-orchard-58","role":"admin"}'
last_token=$(curl -fsS "$base/api/auth/login" -H 'Content-Type: application/json' \
  -d '{"email":"last@example.org","password":"quiet-orchard-58"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
"$venv/bin/schemathesis" run "$base/api/openapi.json" \
  --url "$base" \
  --header "Authorization: Bearer $last_token" \
  --checks all \
  --exclude-checks positive_data_acceptance \
  --max-examples "${SCHEMATHESIS_EXAMPLES:-10}" \
  "${last[@]}" \
  --seed 1 \
  --no-color "$@"
