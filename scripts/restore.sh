#!/usr/bin/env bash
# Restores a Trustee Portal backup made by scripts/backup.sh: the database and the uploaded files.
#
#   scripts/restore.sh [--database-url URL] [--data-dir DIR] [--force] ARCHIVE
#
#   ARCHIVE         a trustee-portal-<time>.tar.gz written by backup.sh
#   --database-url  the database to restore into (default: $DATABASE_URL); it must exist. Only the
#                   objects in the backup are dropped and recreated there (pg_restore --clean --if-exists
#                   --no-owner --no-privileges, in one transaction); nothing is created outside it.
#   --data-dir      the files folder to restore into (default: $DATA_DIR); created when missing, and its
#                   contents REPLACED by the backup's.
#   --force         go ahead although DATA_DIR is not empty, other sessions are connected to the
#                   database (the API should be stopped), or the database has tables the backup lacks
#                   (it was migrated past the backup: better restore into an empty database).
#
# Order: every check first, then the database (all or nothing), then the files. Stop the API before,
# start it after: it applies any newer migrations at start.
# Uses the machine's pg_restore (PG_RESTORE=... to choose another), at least as new as the pg_dump that
# wrote the backup. See docs/operations.md.
# A backup of a portal whose files were in object storage (its manifest has file_store=s3://...) holds no
# uploaded files: restore the bucket's copy under the same prefix as well (docs/operations.md).
set -euo pipefail
umask 077

prog=$(basename "$0")
say() { echo "$prog: $*" >&2; }
die() {
    echo "$prog: error: $*" >&2
    exit 1
}
usage() {
    sed -n '2,/^set -euo/p' "$0" | sed -e '/^set -euo/d' -e 's/^# \{0,1\}//' >&2
    exit "${1:-2}"
}

database_url=${DATABASE_URL:-}
data_dir=${DATA_DIR:-}
force=0
archive=""
while [ "$#" -gt 0 ]; do
    case $1 in
        --database-url) [ "$#" -ge 2 ] || die "--database-url needs a value"; database_url=$2; shift 2 ;;
        --database-url=*) database_url=${1#*=}; shift ;;
        --data-dir) [ "$#" -ge 2 ] || die "--data-dir needs a value"; data_dir=$2; shift 2 ;;
        --data-dir=*) data_dir=${1#*=}; shift ;;
        --force | -f) force=1; shift ;;
        -h | --help) usage 0 ;;
        -*) die "unknown option $1 (see --help)" ;;
        *) [ -z "$archive" ] || die "more than one archive: '$archive' and '$1'"; archive=$1; shift ;;
    esac
done

[ -n "$archive" ] || die "no archive given (see --help)"
[ -f "$archive" ] || die "archive '$archive' not found"
[ -n "$database_url" ] || die "no database: set DATABASE_URL or pass --database-url"
[ -n "$data_dir" ] || die "no files folder: set DATA_DIR or pass --data-dir"
case $data_dir in
    / | // | /. | /./) die "refusing to use / as DATA_DIR" ;;
esac

pg_restore=${PG_RESTORE:-pg_restore}
psql=${PSQL:-psql}
for tool in "$pg_restore" "$psql" tar gzip sha256sum; do
    command -v "$tool" >/dev/null || die "'$tool' is not installed (PostgreSQL client tools: apt-get install postgresql-client)"
done

work=$(mktemp -d "${TMPDIR:-/tmp}/trustee-portal-restore.XXXXXX")
trap 'rm -rf "$work"' EXIT

# --- The archive -------------------------------------------------------------------------------------
tar --list --gzip --file="$archive" >"$work/members" 2>"$work/tar.err" ||
    die "'$archive' is not a readable .tar.gz: $(head -3 "$work/tar.err")"
# Only manifest.txt, db.dump and files/...; no absolute paths, no '..'.
bad=$(grep -vE '^(manifest\.txt|db\.dump|files/?|files/.*)$' "$work/members" | head -3 || true)
[ -z "$bad" ] || die "'$archive' is not a Trustee Portal backup (unexpected member: $(echo "$bad" | head -1))"
if grep -qE '(^|/)\.\.(/|$)' "$work/members"; then die "'$archive' holds a path with '..': refusing it"; fi
grep -qx 'manifest.txt' "$work/members" || die "'$archive' has no manifest.txt: not a backup.sh archive"
grep -qx 'db.dump' "$work/members" || die "'$archive' has no db.dump"

say "unpacking $archive"
mkdir -p "$work/unpacked"
tar --extract --gzip --file="$archive" -C "$work/unpacked" --no-same-owner manifest.txt db.dump 2>"$work/tar.err" ||
    die "cannot unpack '$archive': $(head -3 "$work/tar.err")"
manifest=$work/unpacked/manifest.txt
grep -qx 'format=trustee-portal-backup/1' "$manifest" || die "unknown backup format: $(head -1 "$manifest")"
value() { sed -n "s/^$1=//p" "$manifest" | head -1; }
expected=$(value dump_sha256)
actual=$(sha256sum "$work/unpacked/db.dump" | cut -d' ' -f1)
[ "$expected" = "$actual" ] || die "db.dump does not match its checksum in the manifest: the archive is damaged"
"$pg_restore" --list "$work/unpacked/db.dump" >"$work/toc.txt" 2>"$work/pg.err" ||
    die "pg_restore cannot read the dump: $(head -3 "$work/pg.err") (the backup came from pg_dump $(value pg_dump_version); use a pg_restore at least that new, e.g. PG_RESTORE=/usr/lib/postgresql/16/bin/pg_restore)"
say "backup of database '$(value database)' taken $(value created_at) on $(value created_on): $(value dump_tables) tables, $(value file_count) files"

# --- Checks on the targets ---------------------------------------------------------------------------
refusals=()

if [ -e "$data_dir" ] && [ ! -d "$data_dir" ]; then die "DATA_DIR '$data_dir' is not a folder"; fi
mkdir -p "$data_dir" 2>"$work/mkdir.err" || die "cannot create DATA_DIR '$data_dir': $(head -1 "$work/mkdir.err")"
data_dir_abs=$(cd "$data_dir" && pwd -P)
[ "$data_dir_abs" != / ] || die "refusing to use / as DATA_DIR"
[ -w "$data_dir_abs" ] || die "DATA_DIR '$data_dir' is not writable"
if [ -n "$(find "$data_dir_abs" -mindepth 1 -maxdepth 1 -print -quit)" ]; then
    refusals+=("DATA_DIR '$data_dir' is not empty; its contents would be replaced")
fi

export PGCONNECT_TIMEOUT=${PGCONNECT_TIMEOUT:-10}
q() { "$psql" -X -w -A -t -q -v ON_ERROR_STOP=1 -d "$database_url" -c "$1"; }
target_db=$(q 'select current_database()' 2>"$work/psql.err") ||
    die "cannot connect to the target database: $(head -3 "$work/psql.err")"
others=$(q "select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'")
if [ "$others" -gt 0 ]; then
    refusals+=("$others other session(s) are connected to database '$target_db': stop the API first (docker compose stop api)")
fi
sed -nE 's/^[0-9]+; [0-9]+ [0-9]+ TABLE ([^ ]+) ([^ ]+) [^ ]+$/\1.\2/p' "$work/toc.txt" | LC_ALL=C sort -u >"$work/dump-tables"
q "select schemaname || '.' || tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1" |
    LC_ALL=C sort -u >"$work/target-tables"
extra=$(LC_ALL=C comm -13 "$work/dump-tables" "$work/target-tables" | tr '\n' ' ')
if [ -n "$extra" ]; then
    refusals+=("database '$target_db' has tables the backup does not have (${extra% }): it was migrated past this backup; restore into an empty database instead (createdb)")
fi

if [ "${#refusals[@]}" -gt 0 ]; then
    for reason in "${refusals[@]}"; do say "$reason"; done
    if [ "$force" -eq 1 ]; then
        say "--force given: going ahead"
    else
        die "not restoring (pass --force to go ahead anyway)"
    fi
fi

# --- The database: all or nothing --------------------------------------------------------------------
say "restoring database '$target_db'"
"$pg_restore" -w --clean --if-exists --no-owner --no-privileges --single-transaction --exit-on-error \
    -d "$database_url" "$work/unpacked/db.dump" 2>"$work/pg.err" ||
    die "pg_restore failed; the database is unchanged (one transaction): $(grep -v '^pg_restore: warning' "$work/pg.err" | head -5)"

# --- The files -----------------------------------------------------------------------------------------
say "restoring $(value file_count) files into $data_dir"
find "$data_dir_abs" -mindepth 1 -delete ||
    die "the database is restored, but DATA_DIR could not be emptied; fix the permissions and run again with --force"
# As root, files get back the owner they had (numeric ids, e.g. the API container's user); otherwise ours.
same_owner=()
if [ "$(id -u)" -eq 0 ]; then same_owner=(--same-owner --numeric-owner); fi
tar --extract --gzip --file="$archive" -C "$data_dir_abs" --strip-components=1 --preserve-permissions \
    "${same_owner[@]}" --wildcards 'files/*' 2>"$work/tar.err" || {
    # An archive of an empty files folder has no 'files/*' member; that is fine.
    if grep -q 'Not found in archive' "$work/tar.err" && [ "$(value file_count)" = 0 ]; then :; else
        die "the database is restored, but the files could not be: $(head -3 "$work/tar.err"); run again with --force"
    fi
}
say "restored: database '$target_db' and $(find "$data_dir_abs" -type f | wc -l | tr -d ' ') files in $data_dir_abs"
if grep -q '^file_store=' "$work/unpacked/manifest.txt" 2>/dev/null; then
    say "note: the backed-up portal kept its files in $(sed -n 's/^file_store=//p' "$work/unpacked/manifest.txt"):" \
        "they are not in this archive; restore the bucket's copy under that prefix too"
fi
