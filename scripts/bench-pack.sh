#!/usr/bin/env bash
# `make bench` (docs/performance.md, Board packs): a board pack of 30 papers and 300 pages, built by the
# release portal on a fresh database, then served again from its cache. Prints the time of each and the
# portal's peak memory (VmHWM) before and after the build. The papers are generated PDFs of 10 pages of text.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
target=${CARGO_TARGET_DIR:-$root/target}
bin=${TRUSTEE_PORTAL_RELEASE_BIN:-$target/release/trustee-portal}
papers=${BENCH_PACK_PAPERS:-30}
pages=${BENCH_PACK_PAGES_PER_PAPER:-10}
[ -x "$bin" ] || { echo "bench-pack: build first ($bin missing)" >&2; exit 2; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

server=$(scripts/ensure-postgres.sh)
db="tp_bench_pack_$$_$(date +%s)"
work=$(mktemp -d)
port=$(free_port)
pid=
cleanup() {
  local status=$?
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  wait 2>/dev/null || true
  psql "$server/postgres" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
  if [ $status -ne 0 ]; then tail -20 "$work/server.log" >&2 || true; fi
  rm -rf "$work"
  exit $status
}
trap cleanup EXIT
trap "exit 143" INT TERM

psql "$server/postgres" -qc "CREATE DATABASE $db"
password="bench-$$-quiet-harbour"
DATABASE_URL="$server/$db" PORT=$port DATA_DIR="$work/data" JWT_SECRET="bench-secret-long-enough-for-hs256-$$" \
  SECRETS_KEY="bench-secrets-key-long-enough-to-seal-$$" ADMIN_EMAIL=admin@example.org ADMIN_PASSWORD=$password \
  LOG_LEVEL=warn "$bin" serve >"$work/server.log" 2>&1 &
pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 200); do curl -fsS "$base/readyz" >/dev/null 2>&1 && break; sleep 0.1; done

python3 - "$base" "$password" "$papers" "$pages" "$work" "$pid" <<'PY'
import http.client, json, sys, time, urllib.parse, uuid
base, password, papers, pages, work, pid = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6]
host = urllib.parse.urlparse(base)

def call(method, path, body=None, token=None, content_type="application/json"):
    c = http.client.HTTPConnection(host.hostname, host.port, timeout=120)
    headers = {"Content-Type": content_type} if body is not None else {}
    if token: headers["Authorization"] = f"Bearer {token}"
    c.request(method, path, body=body, headers=headers)
    r = c.getresponse(); data = r.read()
    if r.status >= 300: raise SystemExit(f"{method} {path}: {r.status} {data[:200]!r}")
    return data

def pdf(n_pages, label):
    """A PDF of `n_pages` pages of text in Helvetica (as a word processor's export, without fonts)."""
    objects = ["", "", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    kids = []
    for p in range(n_pages):
        lines = [f"{label}, page {p + 1}"] + [
            f"Line {i + 1}: the board reviews income, expenditure, reserves and risk for the year ahead." for i in range(40)]
        text = "\n".join(f"BT /F1 10 Tf 56 {780 - i * 18} Td ({line}) Tj ET" for i, line in enumerate(lines))
        objects.append(f"<< /Length {len(text)} >>\nstream\n{text}\nendstream")
        content = len(objects)
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents {content} 0 R >>")
        kids.append(len(objects))
    objects[0] = "<< /Type /Catalog /Pages 2 0 R >>"
    objects[1] = f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {len(kids)} >>"
    out = "%PDF-1.4\n"; offsets = []
    for i, body in enumerate(objects):
        offsets.append(len(out)); out += f"{i + 1} 0 obj\n{body}\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n" + "".join(f"{o:010d} 00000 n \n" for o in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n"
    return out.encode("latin-1")

def multipart(title, name, data):
    boundary = uuid.uuid4().hex
    parts = [f"--{boundary}\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n{title}\r\n".encode(),
             f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: application/pdf\r\n\r\n".encode(),
             data, f"\r\n--{boundary}--\r\n".encode()]
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"

def hwm_mb():
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM"): return int(line.split()[1]) / 1024
    return float("nan")

token = json.loads(call("POST", "/api/auth/login", json.dumps({"email": "admin@example.org", "password": password})))["token"]
when = time.strftime("%Y-%m-%dT18:00:00Z", time.gmtime(time.time() + 30 * 86400))
meeting = json.loads(call("POST", "/api/meetings", json.dumps({"title": "Annual meeting", "meetingDate": when}), token))["id"]
for n in range(papers):
    item = json.loads(call("POST", f"/api/meetings/{meeting}/agenda-items",
                           json.dumps({"title": f"Item {n + 1}", "purpose": "information", "durationMinutes": 5}), token))["id"]
    body, ctype = multipart(f"Paper {n + 1}", f"paper-{n + 1}.pdf", pdf(pages, f"Paper {n + 1}"))
    call("POST", f"/api/meetings/{meeting}/agenda-items/{item}/papers", body, token, ctype)
call("POST", f"/api/meetings/{meeting}/publish", None, token)
before = hwm_mb()
start = time.monotonic(); first = call("GET", f"/api/meetings/{meeting}/board-pack", None, token); built = time.monotonic() - start
after = hwm_mb()
start = time.monotonic(); again = call("GET", f"/api/meetings/{meeting}/board-pack", None, token); cached = time.monotonic() - start
assert first == again, "the cached pack differs from the one built"
print(f"\nboard pack: {papers} papers of {pages} pages ({papers * pages} pages of papers), {len(first) / 1e6:.1f} MB")
print(f"  built in {built:.2f} s; from the cache in {1000 * cached:.0f} ms")
print(f"  portal peak RSS: {before:.0f} MB before the build, {after:.0f} MB after (targets: under 3 s, under 200 MB)")
PY
