#!/usr/bin/env bash
# Prints the URL of a reachable PostgreSQL server (without a database name), provisioning one if needed:
#   1. $DATABASE_URL, when it answers (its server is used);
#   2. the usual local server, postgres://postgres@127.0.0.1:5432, when it answers;
#   3. a private cluster under .local/pg (git-ignored) started with the machine's PostgreSQL binaries,
#      installed with apt-get when missing;
#   4. `docker compose up -d db`, where a Docker engine runs.
# Progress goes to stderr; only the URL goes to stdout.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { echo "[postgres] $*" >&2; }

server_of() { # strips the database name and query from a URL
  local url="${1%%\?*}"
  local scheme="${url%%://*}" rest="${url#*://}"
  echo "${scheme}://${rest%%/*}"
}

answers() { psql "$1/postgres" -Atqc 'select 1' >/dev/null 2>&1; }

ensure_client() {
  command -v psql >/dev/null 2>&1 && return 0
  log "installing the PostgreSQL client (apt-get)"
  sudo_if_needed apt-get update -qq >&2 && sudo_if_needed apt-get install -y -qq postgresql-client >&2
}

sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

ensure_client

if [ -n "${DATABASE_URL:-}" ]; then
  server=$(server_of "$DATABASE_URL")
  if answers "$server"; then log "using DATABASE_URL's server"; echo "$server"; exit 0; fi
  log "DATABASE_URL does not answer; looking for another server"
fi

default="${PG_DEFAULT_SERVER:-postgres://postgres@127.0.0.1:5432}"
if answers "$default"; then log "using the local server on 127.0.0.1:5432"; echo "$default"; exit 0; fi

private_port=54329
private="postgres://postgres@127.0.0.1:${private_port}"
if answers "$private"; then log "using the private cluster in .local/pg"; echo "$private"; exit 0; fi

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$bindir" ] && command -v apt-get >/dev/null 2>&1; then
  log "installing PostgreSQL (apt-get)"
  sudo_if_needed apt-get update -qq >&2 && sudo_if_needed apt-get install -y -qq postgresql >&2
  bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
fi

if [ -n "$bindir" ]; then
  dir="$PWD/.local/pg"
  mkdir -p "$dir"
  as_owner() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
  if [ "$(id -u)" -eq 0 ]; then chown postgres "$dir" "$PWD/.local"; chmod 755 "$PWD/.local"; fi
  if [ ! -f "$dir/data/PG_VERSION" ]; then
    log "creating a private cluster in .local/pg"
    as_owner "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust >&2
  fi
  log "starting the private cluster on port $private_port"
  as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-p $private_port -k $dir -c listen_addresses=127.0.0.1" start >&2
  if answers "$private"; then echo "$private"; exit 0; fi
fi

if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
  log "starting the db service with docker compose"
  docker compose up -d db >&2
  for _ in $(seq 1 30); do
    if answers "postgres://postgres:${POSTGRES_PASSWORD:-postgres}@127.0.0.1:5432"; then
      echo "postgres://postgres:${POSTGRES_PASSWORD:-postgres}@127.0.0.1:5432"; exit 0
    fi
    sleep 1
  done
fi

log "no PostgreSQL could be found or started; set DATABASE_URL to a reachable server"
exit 1
