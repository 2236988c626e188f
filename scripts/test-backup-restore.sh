#!/usr/bin/env bash
# End-to-end test of scripts/backup.sh and scripts/restore.sh against the real server:
#
#   1. a fresh database and DATA_DIR; the server (debug build) starts on a free port with a first admin;
#   2. the admin signs in and uploads a PDF and a UTF-8 text file with a non-ASCII name;
#   3. backup.sh writes an archive;
#   4. the server stops; the database is dropped and recreated empty, DATA_DIR emptied;
#   5. restore.sh puts the archive back (without --force: the targets are empty); run again, it refuses;
#   6. the server starts again (with a *different* ADMIN_EMAIL/ADMIN_PASSWORD, so a lost users table would
#      show up as a new admin): the original admin signs in with the original password, the document list
#      is identical, every download and every stored file has the original sha256, there is still
#      exactly one user, and a new upload gets a fresh id (the sequences were restored);
#   7. everything is removed again (server, database, temporary folders), also on failure or Ctrl-C.
#
#   scripts/test-backup-restore.sh
#
# Needs the server binary (cargo build --bin trustee-portal; TRUSTEE_PORTAL_BIN=... to use another),
# curl, python3 and the PostgreSQL client tools; PostgreSQL comes from scripts/ensure-postgres.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

log() { echo "[backup-restore] $*" >&2; }

bin=${TRUSTEE_PORTAL_BIN:-${CARGO_TARGET_DIR:-$root/target}/debug/trustee-portal}
case $bin in /*) ;; *) bin=$root/$bin ;; esac
[ -x "$bin" ] || {
    log "build the server first: cargo build --bin trustee-portal ($bin missing)"
    exit 2
}
for tool in curl python3 psql sha256sum; do
    command -v "$tool" >/dev/null || {
        log "'$tool' is not installed"
        exit 2
    }
done

# The interpreter itself, not a version manager's shim: it is called often and shims are slow to start.
python=$(python3 -c 'import sys; print(sys.executable)')
started=$SECONDS
step="setup"
server=""
db=""
server_pid=""
server_log=""
work=$(mktemp -d "${TMPDIR:-/tmp}/tp-backup-test.XXXXXX")

stop_server() {
    [ -n "$server_pid" ] || return 0
    kill "$server_pid" 2>/dev/null || true
    local i
    for i in $(seq 1 100); do
        kill -0 "$server_pid" 2>/dev/null || break
        [ "$i" -lt 100 ] || kill -KILL "$server_pid" 2>/dev/null || true
        sleep 0.1
    done
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
}

drop_db() {
    psql -X -q -d "$server/postgres" -c "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)" >/dev/null 2>&1 ||
        psql -X -q -d "$server/postgres" -c "DROP DATABASE IF EXISTS \"$db\"" >/dev/null 2>&1 || true
}

cleanup() {
    local status=$?
    set +e
    trap - EXIT INT TERM
    stop_server
    if [ "$status" -ne 0 ]; then
        echo "FAIL: backup/restore test failed at step: $step (exit $status)" >&2
        if [ -n "$server_log" ] && [ -s "$server_log" ]; then
            echo "--- server log ($(basename "$server_log"), last 40 lines) ---" >&2
            tail -40 "$server_log" >&2
        fi
    fi
    if [ -n "$server" ] && [ -n "$db" ]; then drop_db; fi
    rm -rf "$work"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Both starts run the same binary even if a build replaces the original meanwhile (a shared target folder).
if ! ln "$bin" "$work/trustee-portal" 2>/dev/null; then cp "$bin" "$work/trustee-portal"; fi
bin=$work/trustee-portal

fail() {
    echo "[backup-restore] FAIL ($step): $*" >&2
    exit 1
}

free_port() { "$python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# jget FILE KEY...: a value from a JSON file (keys for objects, numbers for lists); lists/objects as JSON.
jget() {
    PYTHONIOENCODING=utf-8 "$python" - "$@" <<'EOF'
import json, sys
value = json.load(open(sys.argv[1], encoding="utf-8"))
for key in sys.argv[2:]:
    value = value[int(key)] if isinstance(value, list) else value[key]
print(value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=True))
EOF
}

# users_of FILE: the identity of each user in a GET /api/users answer, not what a sign-in may update.
users_of() {
    jget "$1" | "$python" -c 'import json, sys; print(json.dumps([{k: u.get(k) for k in ("id", "email", "name", "role", "active")} for u in json.load(sys.stdin)], ensure_ascii=False))'
}

# Starts the server and waits for /readyz; the settings both starts share, the admin's e-mail and
# password as arguments. A port taken between free_port and the server's bind is retried.
start_server() { # NAME ADMIN_EMAIL ADMIN_PASSWORD
    local attempt deadline
    for attempt in 1 2 3; do
        server_log=$work/$1.log
        port=$(free_port)
        base=http://127.0.0.1:$port
        env -u STATIC_DIR -u APP_ENV -u LOG_FORMAT -u ALLOW_REGISTRATION -u TRUST_PROXY -u SESSION_HOURS \
            DATABASE_URL="$server/$db" PORT="$port" DATA_DIR="$data" JWT_SECRET="$jwt_secret" SECRETS_KEY="$jwt_secret-sealing" BCRYPT_COST=4 \
            ADMIN_EMAIL="$2" ADMIN_PASSWORD="$3" LOG_LEVEL=info \
            "$bin" serve >"$server_log" 2>&1 &
        server_pid=$!
        deadline=$((SECONDS + 30))
        until curl -fsS -o /dev/null --max-time 2 "$base/readyz" 2>/dev/null; do
            if ! kill -0 "$server_pid" 2>/dev/null; then
                wait "$server_pid" 2>/dev/null || true
                server_pid=""
                if [ "$attempt" -lt 3 ] && grep -qi 'address already in use' "$server_log"; then continue 2; fi
                fail "the server exited during start"
            fi
            [ "$SECONDS" -lt "$deadline" ] || fail "the server did not become ready within 30 s"
            sleep 0.1
        done
        # Ready, and it is ours that answered (not another process on a port it lost).
        kill -0 "$server_pid" 2>/dev/null || fail "the server exited during start"
        return 0
    done
}

# api METHOD PATH OUT [curl args...]: prints the HTTP status; the body goes to OUT.
api() {
    local method=$1 path=$2 out=$3
    shift 3
    curl -sS --max-time 20 -X "$method" -o "$out" -w '%{http_code}' "$@" "$base$path" || true # 000 when no answer
}

expect_status() { # EXPECTED ACTUAL BODY_FILE WHAT
    [ "$1" = "$2" ] || fail "$4: HTTP $2, expected $1: $(head -c 400 "$3" 2>/dev/null)"
}

login() { # EMAIL PASSWORD OUT -> prints the status
    local body
    body=$("$python" -c 'import json, sys; print(json.dumps({"email": sys.argv[1], "password": sys.argv[2]}))' "$1" "$2")
    api POST /api/auth/login "$3" -H 'Content-Type: application/json' --data-binary "$body"
}

# A minimal but valid one-page PDF (correct xref offsets), with a binary comment line and a unique text.
make_pdf() { # OUT TEXT
    local out=$1 content n i xref
    content="BT /F1 24 Tf 72 720 Td ($2) Tj ET"
    local objects=(
        '<< /Type /Catalog /Pages 2 0 R >>'
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>'
        "<< /Length ${#content} >>
stream
$content
endstream"
        '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'
    )
    n=${#objects[@]}
    local offsets=()
    printf '%%PDF-1.4\n%%\342\343\317\323\n' >"$out"
    for i in "${!objects[@]}"; do
        offsets+=("$(stat -c %s "$out")")
        printf '%d 0 obj\n%s\nendobj\n' "$((i + 1))" "${objects[$i]}" >>"$out"
    done
    xref=$(stat -c %s "$out")
    {
        printf 'xref\n0 %d\n0000000000 65535 f \n' "$((n + 1))"
        for i in "${offsets[@]}"; do printf '%010d 00000 n \n' "$i"; done
        printf 'trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n' "$((n + 1))" "$xref"
    } >>"$out"
}

# ---------------------------------------------------------------------------------------------------
step="1/7 fresh database, DATA_DIR and server"
server=$(scripts/ensure-postgres.sh 2>"$work/ensure-postgres.err") ||
    fail "no PostgreSQL: $(tail -3 "$work/ensure-postgres.err")"
db="tp_backup_test_$$_$(date +%s)_$RANDOM"
psql -X -q -v ON_ERROR_STOP=1 -d "$server/postgres" -c "CREATE DATABASE \"$db\"" >/dev/null
data=$work/data
mkdir -p "$data" "$work/in" "$work/backups"
jwt_secret="backup-restore-test-secret-$("$python" -c 'import secrets; print(secrets.token_hex(16))')"
admin_email="backup-admin-$$@example.org"
admin_password="Backup-Test-$$-$RANDOM-pw"
log "$step: database $db on $server"
start_server server-before "$admin_email" "$admin_password"

# ---------------------------------------------------------------------------------------------------
step="2/7 sign in and upload documents"
log "$step"
[ "$(login "$admin_email" "$admin_password" "$work/login1.json")" = 200 ] ||
    fail "the admin cannot sign in: $(head -c 400 "$work/login1.json")"
token=$(jget "$work/login1.json" token)
admin_id=$(jget "$work/login1.json" user id)
auth=(-H "Authorization: Bearer $token")

unique="run $$ $RANDOM"
pdf=$work/in/board-minutes.pdf
make_pdf "$pdf" "Backup test $unique"
txt_name="Sitzungsprotokoll – Grüße 会议 ✓.txt"
txt=$work/in/$txt_name
printf 'Protokoll der Sitzung (%s)\nGrüße aus Köln – naïve café, Ærø, Łódź\n会议记录 · протокол · 🎉\n' "$unique" >"$txt"

titles=("Governance handbook (PDF) $unique" "Satzung – Protokoll über Grüße $unique")
versions=("2.1" "1.0-ü")
files=("$pdf" "$txt")
names=("board-minutes.pdf" "$txt_name")
ids=()
sums=()
for i in 0 1; do
    status=$(api POST /api/documents "$work/upload$i.json" "${auth[@]}" \
        -F "title=${titles[$i]}" -F "category=governance" -F "version=${versions[$i]}" -F "file=@${files[$i]}")
    expect_status 201 "$status" "$work/upload$i.json" "upload of ${names[$i]}"
    ids+=("$(jget "$work/upload$i.json" id)")
    sums+=("$(sha256sum "${files[$i]}" | cut -d' ' -f1)")
    [ "$(jget "$work/upload$i.json" fileName)" = "${names[$i]}" ] ||
        fail "upload $i: fileName is '$(jget "$work/upload$i.json" fileName)', expected '${names[$i]}'"
    [ "$(jget "$work/upload$i.json" title)" = "${titles[$i]}" ] || fail "upload $i: title changed"
done
[ "$(jget "$work/upload0.json" mimeType)" = application/pdf ] || fail "the PDF was not recognised as a PDF"
for i in 0 1; do
    status=$(api GET "/api/documents/${ids[$i]}/download" "$work/before$i.bin" "${auth[@]}")
    expect_status 200 "$status" "$work/before$i.bin" "download of document ${ids[$i]} before the backup"
    [ "$(sha256sum <"$work/before$i.bin" | cut -d' ' -f1)" = "${sums[$i]}" ] ||
        fail "document ${ids[$i]} does not download as uploaded even before the backup"
done
status=$(api GET /api/documents "$work/list-before.json" "${auth[@]}")
expect_status 200 "$status" "$work/list-before.json" "document list"
status=$(api GET /api/users "$work/users-before.json" "${auth[@]}")
expect_status 200 "$status" "$work/users-before.json" "user list"
[ "$(jget "$work/users-before.json" | "$python" -c 'import json, sys; print(len(json.load(sys.stdin)))')" = 1 ] ||
    fail "expected exactly one user before the backup"

# ---------------------------------------------------------------------------------------------------
step="3/7 backup.sh"
log "$step"
archive=$(scripts/backup.sh --database-url "$server/$db" --data-dir "$data" "$work/backups" 2>"$work/backup.err") ||
    fail "backup.sh failed: $(tail -5 "$work/backup.err")"
[ -f "$archive" ] || fail "backup.sh printed '$archive', which is not a file"
[ "$(stat -c %a "$archive")" = 600 ] || fail "the archive is not readable by its owner only ($(stat -c %a "$archive"))"
[ -z "$(find "$work/backups" -mindepth 1 -name '.*')" ] || fail "backup.sh left temporary files behind"
tar -tzf "$archive" >"$work/members"
for i in 0 1; do
    key=$(psql -X -A -t -q -d "$server/$db" -c "select storage_key from documents where id = ${ids[$i]}")
    grep -qx "files/files/$key" "$work/members" || fail "the archive lacks the file of document ${ids[$i]}"
done

# ---------------------------------------------------------------------------------------------------
step="4/7 stop the server and wipe the database and DATA_DIR"
log "$step"
stop_server
drop_db
psql -X -q -v ON_ERROR_STOP=1 -d "$server/postgres" -c "CREATE DATABASE \"$db\"" >/dev/null
find "$data" -mindepth 1 -delete
[ "$(psql -X -A -t -q -d "$server/$db" -c "select count(*) from pg_tables where schemaname = 'public'")" = 0 ] ||
    fail "the recreated database is not empty"
[ -z "$(find "$data" -mindepth 1 -print -quit)" ] || fail "DATA_DIR is not empty"

# ---------------------------------------------------------------------------------------------------
step="5/7 restore.sh"
log "$step"
scripts/restore.sh --database-url "$server/$db" --data-dir "$data" "$archive" 2>"$work/restore.err" ||
    fail "restore.sh failed: $(tail -5 "$work/restore.err")"
# A second restore without --force must refuse: DATA_DIR is no longer empty.
if scripts/restore.sh --database-url "$server/$db" --data-dir "$data" "$archive" 2>"$work/restore-again.err"; then
    fail "restore.sh replaced a non-empty DATA_DIR without --force"
fi
grep -q 'not restoring' "$work/restore-again.err" ||
    fail "restore.sh did not refuse as expected: $(tail -3 "$work/restore-again.err")"

# ---------------------------------------------------------------------------------------------------
step="6/7 the restored portal"
log "$step"
# Another first-admin setting: should the users be missing, the server would create this account.
other_email="not-restored-$$@example.org"
other_password="Other-Admin-$$-$RANDOM-pw"
start_server server-after "$other_email" "$other_password"
if grep -q 'First admin created' "$server_log"; then fail "the restored server created a new first admin"; fi

[ "$(login "$admin_email" "$admin_password" "$work/login2.json")" = 200 ] ||
    fail "the restored admin cannot sign in with the original password: $(head -c 400 "$work/login2.json")"
[ "$(jget "$work/login2.json" user id)" = "$admin_id" ] || fail "the admin's id changed"
[ "$(jget "$work/login2.json" user role)" = admin ] || fail "the restored user is no longer an admin"
token=$(jget "$work/login2.json" token)
auth=(-H "Authorization: Bearer $token")
status=$(login "$other_email" "$other_password" "$work/login-other.json")
[ "$status" = 401 ] || fail "the other first-admin account can sign in (HTTP $status): a second admin was made"

status=$(api GET /api/users "$work/users-after.json" "${auth[@]}")
expect_status 200 "$status" "$work/users-after.json" "user list after the restore"
[ "$(users_of "$work/users-before.json")" = "$(users_of "$work/users-after.json")" ] ||
    fail "the users differ: before $(users_of "$work/users-before.json") after $(users_of "$work/users-after.json")"
[ "$(psql -X -A -t -q -d "$server/$db" -c "select count(*) from users where role = 'admin'")" = 1 ] ||
    fail "the database does not hold exactly one admin"

status=$(api GET /api/documents "$work/list-after.json" "${auth[@]}")
expect_status 200 "$status" "$work/list-after.json" "document list after the restore"
if [ "$(jget "$work/list-before.json")" != "$(jget "$work/list-after.json")" ]; then
    diff <(jget "$work/list-before.json" | "$python" -m json.tool) <(jget "$work/list-after.json" | "$python" -m json.tool) >&2 || true
    fail "the document list differs after the restore (ids, titles, names, sizes or dates)"
fi
for i in 0 1; do
    [ "$(jget "$work/list-after.json" "$((1 - i))" id)" = "${ids[$i]}" ] || fail "document ${ids[$i]} is not listed"
    [ "$(jget "$work/list-after.json" "$((1 - i))" title)" = "${titles[$i]}" ] || fail "document ${ids[$i]}: title differs"

    status=$(api GET "/api/documents/${ids[$i]}/download" "$work/after$i.bin" "${auth[@]}" -D "$work/after$i.headers")
    expect_status 200 "$status" "$work/after$i.bin" "download of document ${ids[$i]} after the restore"
    [ "$(sha256sum <"$work/after$i.bin" | cut -d' ' -f1)" = "${sums[$i]}" ] ||
        fail "document ${ids[$i]} (${names[$i]}) does not download byte for byte as uploaded"
    cmp -s "${files[$i]}" "$work/after$i.bin" || fail "document ${ids[$i]}: bytes differ"

    # The row's file itself is back in DATA_DIR under its storage key.
    key=$(psql -X -A -t -q -d "$server/$db" -c "select storage_key from documents where id = ${ids[$i]}")
    [ -n "$key" ] || fail "document ${ids[$i]} has no row after the restore"
    [ -f "$data/files/$key" ] || fail "document ${ids[$i]}: $data/files/$key was not restored"
    [ "$(sha256sum <"$data/files/$key" | cut -d' ' -f1)" = "${sums[$i]}" ] || fail "document ${ids[$i]}: stored file differs"
done
grep -qi "filename\*=UTF-8''Sitzungsprotokoll%20%E2%80%93%20Gr%C3%BC%C3%9Fe" "$work/after1.headers" ||
    fail "the non-ASCII file name is not in the download's Content-Disposition: $(grep -i '^content-disposition' "$work/after1.headers")"

# The sequences came back too: a new upload gets a fresh id instead of colliding with a restored row.
status=$(api POST /api/documents "$work/upload-after.json" "${auth[@]}" \
    -F "title=After the restore $unique" -F "category=misc" -F "file=@$pdf;filename=after-restore.pdf")
expect_status 201 "$status" "$work/upload-after.json" "upload after the restore"
new_id=$(jget "$work/upload-after.json" id)
[ "$new_id" -gt "${ids[1]}" ] || fail "a new upload got id $new_id, not above the restored ${ids[1]}"
status=$(api GET "/api/documents/$new_id/download" "$work/after-new.bin" "${auth[@]}")
expect_status 200 "$status" "$work/after-new.bin" "download of the document uploaded after the restore"
cmp -s "$pdf" "$work/after-new.bin" || fail "the document uploaded after the restore does not download as uploaded"

# ---------------------------------------------------------------------------------------------------
step="7/7 clean up"
stop_server
drop_db
db_left=$(psql -X -A -t -q -d "$server/postgres" -c "select count(*) from pg_database where datname = '$db'")
[ "$db_left" = 0 ] || fail "database $db could not be dropped"
db=""
echo "PASS: backup/restore: 2 documents (PDF, non-ASCII text) and the admin survived backup.sh -> wipe -> restore.sh ($((SECONDS - started)) s)"
