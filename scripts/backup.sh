#!/usr/bin/env bash
# Backs up the Trustee Portal: the database and the uploaded files, in one archive.
#
#   scripts/backup.sh [--database-url URL] [--data-dir DIR] [--output] PATH
#
#   PATH            a folder (the archive is PATH/trustee-portal-<UTC time>.tar.gz) or a file name ending
#                   in .tar.gz
#   --database-url  the portal's database (default: $DATABASE_URL)
#   --data-dir      the uploaded files, the server's DATA_DIR (default: $DATA_DIR)
#
# The archive holds manifest.txt (what, when, from where, checksums), db.dump (pg_dump --format=custom)
# and files/ (the contents of DATA_DIR). It is written under a temporary name and renamed when complete,
# readable by its owner only: it contains password hashes and every board document. The path of the
# archive is printed on standard output; progress goes to standard error.
#
# Uses the machine's pg_dump, which must not be older than the database server (PG_DUMP=... to choose
# another). A password can come from the URL, PGPASSWORD or ~/.pgpass; nothing ever prompts.
# Restore with scripts/restore.sh. See docs/operations.md.
#
# With FILE_STORE_URL=s3://... (object storage) the uploaded files are in the bucket, not in DATA_DIR:
# this archive then holds the database and DATA_DIR only, and says so; back the bucket up as well, after
# this script (docs/operations.md, "Running more than one server", "Backups with S3").
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
output=""
while [ "$#" -gt 0 ]; do
    case $1 in
        --database-url) [ "$#" -ge 2 ] || die "--database-url needs a value"; database_url=$2; shift 2 ;;
        --database-url=*) database_url=${1#*=}; shift ;;
        --data-dir) [ "$#" -ge 2 ] || die "--data-dir needs a value"; data_dir=$2; shift 2 ;;
        --data-dir=*) data_dir=${1#*=}; shift ;;
        --output | -o) [ "$#" -ge 2 ] || die "--output needs a value"; output=$2; shift 2 ;;
        --output=*) output=${1#*=}; shift ;;
        -h | --help) usage 0 ;;
        -*) die "unknown option $1 (see --help)" ;;
        *) [ -z "$output" ] || die "more than one output path: '$output' and '$1'"; output=$1; shift ;;
    esac
done

[ -n "$database_url" ] || die "no database: set DATABASE_URL or pass --database-url"
[ -n "$data_dir" ] || die "no files folder: set DATA_DIR or pass --data-dir"
[ -n "$output" ] || die "no output path: pass a folder or a .tar.gz file name (see --help)"
[ -d "$data_dir" ] || die "DATA_DIR '$data_dir' is not a folder"
if [ ! -r "$data_dir" ] || [ ! -x "$data_dir" ]; then die "DATA_DIR '$data_dir' is not readable"; fi

pg_dump=${PG_DUMP:-pg_dump}
pg_restore=${PG_RESTORE:-pg_restore}
psql=${PSQL:-psql}
for tool in "$pg_dump" "$pg_restore" "$psql" tar gzip sha256sum; do
    command -v "$tool" >/dev/null || die "'$tool' is not installed (PostgreSQL client tools: apt-get install postgresql-client)"
done
tar --version 2>/dev/null | grep -q 'GNU tar' || die "GNU tar is needed"

data_dir_abs=$(cd "$data_dir" && pwd -P)
case $(realpath -m "$output")/ in
    "$data_dir_abs"/*) die "the output '$output' is inside DATA_DIR '$data_dir': the archive would contain itself" ;;
esac

timestamp=$(date -u +%Y%m%dT%H%M%SZ)
case $output in
    *.tar.gz | *.tgz)
        archive=$output
        out_dir=$(dirname "$archive")
        mkdir -p "$out_dir"
        ;;
    *)
        mkdir -p "$output"
        out_dir=$output
        archive=$output/trustee-portal-$timestamp.tar.gz
        ;;
esac
[ -w "$out_dir" ] || die "cannot write to '$out_dir'"
[ ! -e "$archive" ] || die "'$archive' already exists; not overwriting it"

# The work folder sits beside the archive: the dump can be large, and the final rename stays on one disk.
work=$(mktemp -d "$out_dir/.trustee-portal-backup.XXXXXX")
partial=$archive.partial
cleanup() {
    rm -rf "$work"
    rm -f "$partial"
}
trap cleanup EXIT

# --- The database ------------------------------------------------------------------------------------
export PGCONNECT_TIMEOUT=${PGCONNECT_TIMEOUT:-10}
info=$("$psql" -X -w -A -t -q -F '|' -d "$database_url" -c \
    "select current_database(), coalesce(host(inet_server_addr()), 'local socket'), coalesce(inet_server_port()::text, ''), current_setting('server_version')" \
    2>"$work/psql.err") || die "cannot connect to the database: $(head -3 "$work/psql.err")"
IFS='|' read -r db_name db_host db_port server_version <<<"$info"
say "dumping database '$db_name' ($db_host${db_port:+:$db_port}, PostgreSQL $server_version)"
"$pg_dump" -w --format=custom --compress=6 --file="$work/db.dump" -d "$database_url" 2>"$work/pg_dump.err" ||
    die "pg_dump failed: $(head -5 "$work/pg_dump.err")$(grep -q 'server version mismatch' "$work/pg_dump.err" && echo " (use a pg_dump at least as new as the server, e.g. PG_DUMP=/usr/lib/postgresql/16/bin/pg_dump, or the compose 'backup' service)")"
"$pg_restore" --list "$work/db.dump" >"$work/toc.txt" 2>/dev/null || die "the dump just written cannot be read back"
tables=$(grep -cE '^[0-9]+; [0-9]+ [0-9]+ TABLE [^ ]+ [^ ]+ [^ ]+$' "$work/toc.txt" || true)

# --- The files ---------------------------------------------------------------------------------------
file_count=$(find "$data_dir_abs" -type f | wc -l | tr -d ' ')
file_bytes=$(du -sb "$data_dir_abs" | cut -f1)
say "archiving $file_count files ($file_bytes bytes) from $data_dir_abs"
file_store=${FILE_STORE_URL:-}
case $file_store in
    s3://*) say "note: FILE_STORE_URL=$file_store: the uploaded files are in that bucket, NOT in this archive;" \
            "copy the bucket now (aws s3 sync / mc mirror; docs/operations.md, Backups with S3)" ;;
    *) file_store="" ;;
esac

{
    echo "format=trustee-portal-backup/1"
    echo "created_at=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "created_on=$(hostname 2>/dev/null || echo unknown)"
    echo "database=$db_name"
    echo "database_server=$db_host${db_port:+:$db_port}"
    echo "server_version=$server_version"
    echo "pg_dump_version=$("$pg_dump" --version | sed 's/^pg_dump (PostgreSQL) //')"
    echo "dump_file=db.dump"
    echo "dump_sha256=$(sha256sum "$work/db.dump" | cut -d' ' -f1)"
    echo "dump_tables=$tables"
    echo "files_dir=files"
    echo "files_source=$data_dir_abs"
    echo "file_count=$file_count"
    echo "file_bytes=$file_bytes"
    if [ -n "$file_store" ]; then echo "file_store=$file_store"; fi
} >"$work/manifest.txt"

# One tar: the manifest and the dump from the work folder, then DATA_DIR's contents renamed to files/.
# Exit status 1 of GNU tar means a file changed while it was read (an upload during the backup): the
# archive is still usable, so that is a warning. Database first, files second: a file uploaded meanwhile
# is at worst an unused extra, never a missing file for a database row.
set +e
tar --create --gzip --file="$partial" \
    --warning=no-file-changed \
    -C "$work" manifest.txt db.dump \
    -C "$data_dir_abs" --transform='s,^\.,files,S' . 2>"$work/tar.err"
status=$?
set -e
if [ "$status" -eq 1 ]; then
    say "warning: some files changed while they were archived: $(head -3 "$work/tar.err")"
elif [ "$status" -ne 0 ]; then
    die "tar failed: $(head -5 "$work/tar.err")"
fi
gzip -t "$partial" || die "the archive just written is damaged"
mv "$partial" "$archive"
trap - EXIT
rm -rf "$work"
say "backup written: $archive ($(du -h "$archive" | cut -f1))"
echo "$archive"
