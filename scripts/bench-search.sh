#!/usr/bin/env bash
# `make bench`'s search part (docs/performance.md, "Search at scale"): the release portal on a fresh database
# seeded in SQL with SEARCH_DOCUMENTS library documents (default 10,000) whose extracted text totals about
# 50 million characters, and SEARCH_MESSAGES committee chat messages (default 100,000), words drawn from the
# portal's own documentation with a skewed frequency (a few words in most documents, most words in few), as
# real papers have. Then GET /api/search at 8 concurrent clients (wrk, BENCH_SECONDS, a rotating mix of single
# words common and rare, phrases, exclusions, prefixes as typed and misspelt titles), printing requests/s, p50,
# p99 and the size of the search index.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
target=${CARGO_TARGET_DIR:-$root/target}
bin=${TRUSTEE_PORTAL_RELEASE_BIN:-$target/release/trustee-portal}
seconds=${BENCH_SECONDS:-10}
documents=${SEARCH_DOCUMENTS:-10000}
messages=${SEARCH_MESSAGES:-100000}
[ -x "$bin" ] || { echo "bench-search: build first ($bin missing)" >&2; exit 2; }
command -v wrk >/dev/null 2>&1 || WITH_BENCH=1 scripts/install-system-deps.sh
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

server=$(scripts/ensure-postgres.sh)
db="tp_bench_search_$$_$(date +%s)"
work=$(mktemp -d)
port=$(free_port)
pid=
cleanup() {
  local status=$?
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  wait 2>/dev/null || true
  # BENCH_KEEP_DATABASE=1 keeps the seeded database for looking at query plans (its name is printed).
  if [ -n "${BENCH_KEEP_DATABASE:-}" ]; then echo "kept database: $server/$db"
  else psql "$server/postgres" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true; fi
  if [ $status -ne 0 ]; then tail -20 "$work/server.log" >&2 || true; fi
  rm -rf "$work"
  exit $status
}
trap cleanup EXIT
trap "exit 143" INT TERM

psql "$server/postgres" -qc "CREATE DATABASE $db"
password="bench-$$-quiet-lantern"
DATABASE_URL="$server/$db" PORT=$port DATA_DIR="$work/data" JWT_SECRET="bench-secret-long-enough-for-hs256-$$" \
  SECRETS_KEY="bench-secrets-key-long-enough-to-seal-$$" ADMIN_EMAIL=admin@example.org ADMIN_PASSWORD=$password \
  LOG_LEVEL=warn "$bin" serve >"$work/server.log" 2>&1 &
pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 200); do curl -fsS "$base/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
token=$(curl -fsS "$base/api/auth/login" -H 'Content-Type: application/json' \
  -d "{\"email\":\"admin@example.org\",\"password\":\"$password\"}" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
auth=(-H "Authorization: Bearer $token")
committee=$(curl -fsS "$base/api/committees" "${auth[@]}" -H 'Content-Type: application/json' \
  -d '{"name":"Finance","description":"Bench"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
# A trustee in the committee: their searches take the member's path (committee rules, the actions' rule).
trustee_password="bench-$$-quiet-harbour"
trustee_id=$(curl -fsS "$base/api/users" "${auth[@]}" -H 'Content-Type: application/json' \
  -d "{\"name\":\"Tess Trustee\",\"email\":\"tess@example.org\",\"password\":\"$trustee_password\",\"role\":\"trustee\"}" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
curl -fsS -o /dev/null "$base/api/committees/$committee/members" "${auth[@]}" -H 'Content-Type: application/json' \
  -d "{\"userId\":$trustee_id}"
trustee_token=$(curl -fsS "$base/api/auth/login" -H 'Content-Type: application/json' \
  -d "{\"email\":\"tess@example.org\",\"password\":\"$trustee_password\"}" |
  python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["token"])')

# The vocabulary: the words of the portal's own spec and user guide.
python3 - docs/spec.md docs/user-guide.html >"$work/words.txt" <<'PY'
import re, sys
words = set()
for path in sys.argv[1:]:
    text = re.sub(r"<[^>]+>", " ", open(path, encoding="utf-8").read())
    words.update(w.lower() for w in re.findall(r"[A-Za-z]{4,14}", text))
print("\n".join(sorted(words)))
PY
echo "vocabulary: $(wc -l <"$work/words.txt") words"

started=$(date +%s)
python3 - "$work/words.txt" >"$work/vocabulary.sql" <<'PY'
import sys
words = open(sys.argv[1]).read().split()
print("INSERT INTO vocabulary (word) VALUES " + ",".join(f"('{w}')" for w in words) + ";")
PY
psql "$server/$db" -q -v ON_ERROR_STOP=1 -v vocabulary="$work/vocabulary.sql" -v documents="$documents" -v messages="$messages" \
  -v committee="$committee" <<'SQL'
CREATE TEMP TABLE vocabulary (n serial, word text);
\i :vocabulary
-- A skewed draw: index = count * r^3 puts a few words in most texts and most words in few.
CREATE TEMP TABLE draw AS SELECT array_agg(word ORDER BY n) AS words, count(*)::int AS size FROM vocabulary;
CREATE FUNCTION pg_temp.words(how_many int) RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(d.words[1 + floor(d.size * power(random(), 3))::int], ' ')
  FROM draw d, generate_series(1, how_many)
$$;
BEGIN;
INSERT INTO documents (title, category, version, file_name, mime_type, file_size, storage_key, uploaded_by,
                       created_at, updated_at)
SELECT initcap(pg_temp.words(4)), (ARRAY['governance','finance','policies','safeguarding','risk-register','misc'])[1 + i % 6],
       '1', 'paper-' || i || '.pdf', 'application/pdf', 5000, 'bench/' || i, NULL,
       now() - make_interval(days => i % 1500), now() - make_interval(days => i % 1500)
FROM generate_series(1, :documents) AS i;
-- The text the extraction worker would have stored (about 5,000 characters each).
UPDATE file_texts SET status = 'indexed', text = pg_temp.words(640), updated_at = now()
WHERE kind = 'document';
COMMIT;
INSERT INTO committee_messages (committee_id, user_id, message, sent_at)
SELECT :committee, (SELECT id FROM users ORDER BY id LIMIT 1), pg_temp.words(12),
       now() - make_interval(mins => i)
FROM generate_series(1, :messages) AS i;
ANALYZE;
SQL
echo "seeded $documents documents and $messages chat messages in $(( $(date +%s) - started )) s"
psql "$server/$db" -Atc "SELECT 'extracted text: ' || sum(length(text)) || ' characters' FROM file_texts"

# The queries: common and rare words, a phrase, an exclusion, prefixes as typed, misspelt words.
python3 - "$work/words.txt" >"$work/search.lua" <<'PY'
import random, sys, urllib.parse
random.seed(7)
words = open(sys.argv[1]).read().split()
common, rare = words[:40], words[-2000:]
def typo(w): i = random.randrange(1, len(w) - 2); return w[:i] + w[i + 1] + w[i] + w[i + 2:]
queries = (
    [random.choice(common) for _ in range(20)]
    + [random.choice(rare) for _ in range(20)]
    + [f'"{random.choice(common)} {random.choice(common)}"' for _ in range(10)]
    + [f"{random.choice(common)} -{random.choice(common)}" for _ in range(10)]
    + [f"{random.choice(common)} or {random.choice(rare)}" for _ in range(10)]
    + [random.choice(words)[:4] for _ in range(20)]
    + [typo(random.choice([w for w in rare if len(w) > 6])) for _ in range(10)]
)
print("local queries = {" + ",".join('"' + urllib.parse.quote(q) + '"' for q in queries) + "}")
print('local i = math.random(#queries)')
print('request = function() i = i % #queries + 1; return wrk.format("GET", "/api/search?q=" .. queries[i]) end')
PY
curl -fsS "$base/api/search?q=$(sed -n 1p "$work/words.txt")" "${auth[@]}" -o "$work/first.json"
echo "a common word's answer: $(wc -c <"$work/first.json") bytes, $(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["total"], "matches")' "$work/first.json")"
rss_mb() { awk '/VmHWM/ {printf "%.0f", $2/1024}' "/proc/$1/status"; }
measure() {
  wrk -t2 -c8 -d"${seconds}s" --latency -s "$work/search.lua" -H "Authorization: Bearer $2" "$base" >"$work/wrk.txt" 2>&1
  python3 - "$work/wrk.txt" "$1" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
def ms(label):
    m = re.search(r"^\s*" + label + r"\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
    return float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(2)] if m else float("nan")
rps = re.search(r"Requests/sec:\s+([\d.]+)", text)
bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", text)
print(f"GET /api/search as {sys.argv[2]}, 8 clients: {float(rps.group(1)) if rps else 0:.0f} requests/s, "
      f"p50 {ms('50%'):.1f} ms, p90 {ms('90%'):.1f} ms, p99 {ms('99%'):.1f} ms, {bad.group(1) if bad else 0} non-2xx")
PY
}
echo
measure "the admin" "$token"
measure "a committee member (trustee)" "$trustee_token"
psql "$server/$db" -Atc "SELECT 'search index: ' || pg_size_pretty(pg_total_relation_size('search_entries'))
  || ' (table, TOAST and indexes; of which indexes ' || pg_size_pretty(pg_indexes_size('search_entries')) || ')'"
echo "portal peak RSS: $(rss_mb $pid) MB; machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
