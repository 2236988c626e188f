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

# Every run: every check but one (docs/api-testing.md), positive and negative data (`--mode all`: the
# negative_data_rejection check needs requests that break the schema), seed 1 so that a run is repeatable.
common=(--checks all --exclude-checks positive_data_acceptance --mode all
        --max-examples "${SCHEMATHESIS_EXAMPLES:-10}" --seed 1 --no-color)
st() { "$venv/bin/schemathesis" run "$base/api/openapi.json" --url "$base" "${common[@]}" "$@"; }

# Operations that end the caller's own session or change how everyone signs in (and sign-in, whose throttle
# would make the run depend on its order) run after all the others, in passes of their own (below).
st --header "Authorization: Bearer $token" \
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
  "$@"

# They are signed in as an admin of their own, with an id far from those the run generates (an admin's
# password reset of that very account would lock the passes out).
psql "$server/$db" -qAtc "SELECT setval('users_id_seq', 900000)" >/dev/null
last_password=quiet-orchard-58
api POST /api/users "{\"name\":\"Last Admin\",\"email\":\"last@example.org\",\"password\":\"$last_password\",\"role\":\"admin\"}"
sign_in() { curl -fsS "$base/api/auth/login" -H 'Content-Type: application/json' \
  -d "{\"email\":\"last@example.org\",\"password\":\"$last_password\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'; }

# Operations that end sessions: whenever one ends the run's session, the next request signs in again
# (scripts/schemathesis-auth.py), so every request is made signed in.
ST_BASE=$base ST_EMAIL=last@example.org ST_PASSWORD=$last_password SCHEMATHESIS_HOOKS=scripts/schemathesis-auth.py \
  st --include-path /api/auth/logout --include-path /api/auth/sessions/{id} \
     --include-path /api/auth/sessions/sign-out-others --include-path /api/users/{id}/mfa-reset \
     --include-path /api/auth/admin-reset-password --include-path /api/auth/change-password-temp "$@"

# The chat stream, negative data only: a valid request opens a stream that stays open until the client
# leaves (its answers are tested in crates/server/tests/http/chat_stream.rs); every request that breaks
# the schema must be refused at once, so a request that takes longer than the timeout fails the run.
st --header "Authorization: Bearer $(sign_in)" --mode negative --request-timeout 10 \
  --include-path /api/committees/{id}/messages/stream "$@"

# The security settings, signed in as above. A write that requires two-factor sign-in of admins and
# chairs would leave the run's admin (not enrolled) refused from then on: the hook undoes it.
ST_BASE=$base ST_EMAIL=last@example.org ST_PASSWORD=$last_password SCHEMATHESIS_HOOKS=scripts/schemathesis-auth.py \
  ST_RESET_SECURITY_SETTINGS="$server/$db" st --include-path /api/security/settings "$@"

# Confirming one's password and changing it: one session throughout (a generated password is wrong and
# ends nothing). Their failures throttle the account's and the address's sign-ins, so they come after every
# pass that signs in; each wrong password, confirmed or given as the current one, also waits out the
# account-wide delay (1, 2, 4 ... s, at most 60), so both operations get few examples.
last_token=$(sign_in)
st --header "Authorization: Bearer $last_token" --include-path /api/auth/reauthenticate --max-examples 3 "$@"
st --header "Authorization: Bearer $last_token" --include-path /api/auth/change-password --max-examples 3 "$@"

# Sign-in (no session by nature) last: its throttle answers 429 after repeated failures.
st --include-path /api/auth/login "$@"
