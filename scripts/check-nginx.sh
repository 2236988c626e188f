#!/usr/bin/env bash
# Checks deploy/nginx.conf for real: renders it with scripts/render-nginx.sh into a temp folder, runs
# `nginx -t`, starts nginx on a free port in front of a fake API (a few lines of Python) and checks with
# curl: security headers everywhere (static, hashed asset, proxied, errors), cache headers, the SPA
# fallback, gzip, X-Forwarded-For overwriting, the PDF view policy, HSTS over TLS only, the access log
# without view tickets or feed tokens, and the upload limit (11 MB refused by nginx with a JSON 413,
# 10 MB plus envelope passed through).
#
#   scripts/check-nginx.sh            (no arguments; about 1-2 seconds; needs nginx, python3, curl)
#
# Uses Debian's nginx (/usr/sbin/nginx); when it is missing and we are root, installs nginx-light.
set -euo pipefail

cd "$(dirname "$0")/.."

fail() {
    echo "check-nginx: FAIL: $*" >&2
    if [ -s "${work:-/nonexistent}/nginx.stderr" ]; then
        echo "check-nginx: nginx's error log:" >&2
        tail -20 "$work/nginx.stderr" >&2
    fi
    exit 1
}

nginx_bin=$(command -v nginx || true)
[ -n "$nginx_bin" ] || { [ -x /usr/sbin/nginx ] && nginx_bin=/usr/sbin/nginx; } || true
if [ -z "$nginx_bin" ]; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
        echo "check-nginx: nginx is missing; installing nginx-light" >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null
        nginx_bin=/usr/sbin/nginx
    else
        fail "nginx is not installed (apt-get install -y nginx-light)"
    fi
fi
for tool in python3 curl; do
    command -v "$tool" >/dev/null || fail "$tool is needed"
done

work=$(mktemp -d "${TMPDIR:-/tmp}/check-nginx.XXXXXX")
upstream_pid=""
nginx_pid=""
extra_pids=""
cleanup() {
    local status=$?
    set +e
    for pid in $extra_pids; do kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; done
    if [ -n "$nginx_pid" ]; then kill "$nginx_pid" 2>/dev/null; wait "$nginx_pid" 2>/dev/null; fi
    if [ -n "$upstream_pid" ]; then kill "$upstream_pid" 2>/dev/null; wait "$upstream_pid" 2>/dev/null; fi
    rm -rf "$work"
    exit "$status"
}
trap cleanup EXIT

# --- A production-like build folder --------------------------------------------------------------------
www=$work/www
mkdir -p "$www/assets"
cat >"$www/index.html" <<'HTML'
<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Trustee Portal</title>
<script defer src="/assets/main.0123abcd.js"></script></head><body><div id="root"></div></body></html>
HTML
{
    echo '/* hashed bundle */'
    for i in $(seq 1 200); do echo "export const value$i = 'Trustee Portal bundle line $i';"; done
} >"$www/assets/main.0123abcd.js"
echo '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>' >"$www/favicon.svg"

# --- A fake API: echoes what it received, sends headers like the real one ------------------------------
cat >"$work/upstream.py" <<'PY'
import json, sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body, content_type="application/json", extra=()):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        # Like the real API (crates/server/src/http.rs): nginx must not repeat these.
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "same-origin")
        self.send_header("X-Frame-Options", "DENY")
        for name, value in extra:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        path = self.path.split("?")[0]
        if path in ("/healthz", "/readyz"):
            return self.answer(200, {"status": "ok"})
        if path == "/api/echo":
            h = self.headers
            return self.answer(200, {"path": self.path, "host": h.get("Host"),
                                     "port": self.server.server_address[1],
                                     "xff": h.get_all("X-Forwarded-For"), "proto": h.get("X-Forwarded-Proto"),
                                     "realIp": h.get("X-Real-IP")})
        if path == "/api/user-guide":  # HTML with a policy of its own: both policies apply
            return self.answer(200, b"<h1>Guide</h1>", "text/html; charset=utf-8",
                               [("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")])
        if path == "/api/list":
            return self.answer(200, [{"id": i, "title": "Board paper %d" % i} for i in range(100)])
        if path == "/api/documents/1/view":  # a PDF with the API's own sandbox policy
            return self.answer(200, b"%PDF-1.4 fake", "application/pdf",
                               [("Content-Security-Policy", "sandbox"), ("Cache-Control", "no-store")])
        if path == "/api/minutes/2/view":  # a PDF without a policy of its own
            return self.answer(200, b"%PDF-1.4 fake", "application/pdf")
        if path.startswith("/api/calendar/feed/"):  # a private feed: the token is in the path
            return self.answer(200, b"BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", "text/calendar; charset=utf-8")
        if path == "/api/hsts":  # the API with an https PUBLIC_URL sends HSTS itself
            return self.answer(200, {"ok": True}, extra=[("Strict-Transport-Security", "max-age=31536000; includeSubDomains")])
        if path == "/api/documents/3/view":  # HTML shown inline without a policy of its own
            return self.answer(200, b"<p>board paper</p>", "text/html; charset=utf-8")
        return self.answer(404, {"message": "Not found"})

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        remaining = length
        while remaining > 0:
            chunk = self.rfile.read(min(remaining, 1 << 20))
            if not chunk:
                break
            remaining -= len(chunk)
        return self.answer(201, {"received": length - remaining})

server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(sys.argv[1], "w") as f:
    f.write(str(server.server_address[1]))
server.serve_forever()
PY
python3 "$work/upstream.py" "$work/upstream.port" &
upstream_pid=$!

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
wait_for() { # wait_for <description> <command...>: up to 5 s
    local what=$1
    shift
    for _ in $(seq 1 100); do
        if "$@" >/dev/null 2>&1; then return 0; fi
        sleep 0.05
    done
    fail "$what did not come up"
}
wait_for "the fake API" test -s "$work/upstream.port"
api_port=$(cat "$work/upstream.port")

# --- Render, test, start ---------------------------------------------------------------------------------
port=$(free_port)
conf_dir=$work/conf
scripts/render-nginx.sh "$conf_dir" "127.0.0.1:$port" "127.0.0.1:$api_port" "$www" >/dev/null
# The same server also over TLS (as deploy/security-headers.conf describes), with a throwaway certificate.
tls_port=$(free_port)
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost -keyout "$work/tls.key" \
    -out "$work/tls.crt" >/dev/null 2>&1 || fail "openssl could not make a test certificate"
sed -i "s|^\( *\)listen 127.0.0.1:$port;|&\n\1listen 127.0.0.1:$tls_port ssl;\n\1ssl_certificate $work/tls.crt;\n\1ssl_certificate_key $work/tls.key;|" \
    "$conf_dir/nginx.conf"
grep -q "listen 127.0.0.1:$tls_port ssl;" "$conf_dir/nginx.conf" || fail "could not add the TLS listener"
"$nginx_bin" -t -q -p "$conf_dir" -c "$conf_dir/nginx.conf" -e stderr ||
    fail "nginx -t rejected the rendered configuration ($conf_dir/nginx.conf)"
"$nginx_bin" -p "$conf_dir" -c "$conf_dir/nginx.conf" -e stderr -g 'daemon off;' 2>"$work/nginx.stderr" &
nginx_pid=$!
base=http://127.0.0.1:$port
wait_for "nginx" curl -fsS -o /dev/null "$base/index.html"

# --- Helpers ---------------------------------------------------------------------------------------------
checks=0
hdr=$work/headers
body=$work/body
# fetch <path> [curl args...]: headers to $hdr, body to $body, status in $status
fetch() {
    local path=$1
    shift
    current="$*${*:+ }$path"
    status=$(curl -sS -o "$body" -D "$hdr" -w '%{http_code}' "$@" "$base$path") || fail "curl $current failed"
    tr -d '\r' <"$hdr" >"$hdr.clean" && mv "$hdr.clean" "$hdr"
}
header() { # header <name>: the value(s) of a response header
    grep -i "^$1:" "$hdr" | sed -e 's/^[^:]*: *//' || true
}
expect_status() {
    [ "$status" = "$1" ] || fail "$current: status $status, expected $1"
    checks=$((checks + 1))
}
expect_header() { # expect_header <name> <grep -E pattern>: present once and matching
    local values count
    values=$(header "$1")
    count=$(grep -ci "^$1:" "$hdr" || true)
    [ "$count" -eq 1 ] || fail "$current: $count '$1' headers, expected exactly one: $values"
    grep -qE -- "$2" <<<"$values" || fail "$current: $1 is '$values', expected /$2/"
    checks=$((checks + 1))
}
expect_no_header() {
    if grep -qi "^$1:" "$hdr"; then fail "$current: unexpected $1: $(header "$1")"; fi
    checks=$((checks + 1))
}
expect_body() { # expect_body <grep -E pattern>
    grep -qE -- "$1" "$body" || fail "$current: body does not match /$1/: $(head -c 300 "$body")"
    checks=$((checks + 1))
}
app_csp="default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
expect_security_headers() { # the application's headers, exactly once each
    local csp
    csp=$(header Content-Security-Policy)
    [ "$csp" = "$app_csp" ] || fail "$current: Content-Security-Policy is '$csp'"
    expect_header Content-Security-Policy "script-src 'self';"
    if grep -qE "script-src[^;]*unsafe-inline" <<<"$csp"; then fail "$current: inline scripts allowed"; fi
    expect_header Referrer-Policy '^(same-origin|strict-origin-when-cross-origin|no-referrer)$'
    expect_header X-Content-Type-Options '^nosniff$'
    expect_header X-Frame-Options '^DENY$'
    expect_header Permissions-Policy 'camera=\(\)'
}

# --- The single-page app ---------------------------------------------------------------------------------
fetch /
expect_status 200
expect_body 'Trustee Portal'
expect_security_headers
expect_header Cache-Control '^no-cache$'

fetch /index.html
expect_status 200
expect_security_headers
expect_header Cache-Control '^no-cache$'

for route in /documents /minutes/archive "/calendar?upcoming=true"; do
    fetch "$route"
    expect_status 200
    expect_body '<div id="root">'
    expect_security_headers
    expect_header Cache-Control '^no-cache$'
done

fetch /assets/main.0123abcd.js
expect_status 200
expect_header Content-Type 'javascript'
expect_header Cache-Control '^public, max-age=31536000, immutable$'
expect_security_headers
expect_no_header Content-Encoding

fetch /assets/main.0123abcd.js -H 'Accept-Encoding: gzip'
expect_status 200
expect_header Content-Encoding '^gzip$'
expect_header Vary 'Accept-Encoding'
expect_header Cache-Control 'immutable'
expect_security_headers
[ "$(gzip -dc <"$body" | head -c 17)" = '/* hashed bundle ' ] || fail "$current: body is not the gzipped bundle"

fetch /assets/missing.deadbeef.js
expect_status 404
expect_security_headers
expect_no_header Cache-Control

fetch /favicon.svg
expect_status 200
expect_header Cache-Control '^no-cache$'
expect_security_headers

# --- The API behind it -------------------------------------------------------------------------------------
fetch /api/echo -H 'X-Forwarded-For: 203.0.113.9' -H 'X-Real-IP: 203.0.113.9'
expect_status 200
expect_security_headers
# The client's own X-Forwarded-For is replaced, never appended to.
expect_body '"xff": \["127\.0\.0\.1"\]'
expect_body '"realIp": "127\.0\.0\.1"'
expect_body '"proto": "http"'
expect_body "\"host\": \"127\\.0\\.0\\.1\""

fetch /api/list -H 'Accept-Encoding: gzip'
expect_status 200
expect_header Content-Encoding '^gzip$'
expect_security_headers

# The API's own policy passes through; nginx's is added (browsers enforce both).
fetch /api/user-guide
expect_status 200
[ "$(grep -ci '^content-security-policy:' "$hdr")" -eq 2 ] || fail "$current: expected the API's and nginx's policies"
grep -qi "^content-security-policy: default-src 'none'; style-src 'unsafe-inline'$" "$hdr" || fail "$current: the API's policy is missing"
grep -qi "^content-security-policy: default-src 'self'; script-src 'self';" "$hdr" || fail "$current: nginx's policy is missing"
checks=$((checks + 3))

fetch /api/nothing-here
expect_status 404
expect_security_headers

fetch /healthz
expect_status 200
expect_body '"status"'
expect_security_headers
fetch /readyz
expect_status 200
expect_security_headers

# PDF views: the API's own policy stands alone; without one, nothing that blocks the PDF viewer.
fetch "/api/documents/1/view?ticket=SECRET-TICKET-ONE"
expect_status 200
expect_header Content-Security-Policy '^sandbox$'
expect_header X-Frame-Options '^DENY$'
expect_header X-Content-Type-Options '^nosniff$'
expect_header Cache-Control '^no-store$'
fetch "/api/minutes/2/view?ticket=SECRET-TICKET-TWO"
expect_status 200
expect_header Content-Security-Policy "frame-ancestors 'none'"
if header Content-Security-Policy | grep -q "object-src"; then fail "$current: object-src would block the PDF viewer"; fi
expect_header X-Frame-Options '^DENY$'
fetch "/api/documents/3/view?ticket=SECRET-TICKET-THREE"
expect_status 200
expect_header Content-Security-Policy '^sandbox; '

# --- Upload limit -------------------------------------------------------------------------------------------
head -c $((10 * 1024 * 1024 + 4096)) /dev/zero >"$work/ten-mb-and-a-bit"
fetch /api/documents -X POST -H 'Content-Type: multipart/form-data; boundary=x' --data-binary "@$work/ten-mb-and-a-bit"
expect_status 201
expect_body "\"received\": $((10 * 1024 * 1024 + 4096))"

head -c $((11 * 1000 * 1000)) /dev/zero >"$work/eleven-mb"
for expect in "" "Expect:"; do # with and without Expect: 100-continue
    fetch /api/documents -X POST -H 'Content-Type: multipart/form-data; boundary=x' ${expect:+-H "$expect"} \
        --data-binary "@$work/eleven-mb"
    expect_status 413
    expect_header Content-Type 'application/json'
    expect_body '"message":"The upload is too large'
    expect_security_headers
done

# --- HSTS: on TLS connections, once; never over plain http ------------------------------------------------
hsts='^max-age=31536000; includeSubDomains$'
for path in / /api/list /api/nothing-here; do
    fetch "$path"
    expect_no_header Strict-Transport-Security
done
# The API's own (it sends it when PUBLIC_URL is https) passes through, not repeated.
fetch /api/hsts
expect_header Strict-Transport-Security "$hsts"
plain_base=$base
base=https://127.0.0.1:$tls_port
for path in / /assets/main.0123abcd.js /api/list /api/hsts /api/nothing-here /healthz; do
    fetch "$path" -k
    expect_header Strict-Transport-Security "$hsts"
done
fetch / -k
expect_security_headers
base=$plain_base

# --- The access log keeps no query strings (view tickets) nor feed tokens ---------------------------------
fetch /api/calendar/feed/SECRETFEEDTOKEN0123456789abcdef.ics
expect_status 200
log=$conf_dir/run/access.log
wait_for "the access log" grep -qF '"GET /api/calendar/feed/[redacted].ics HTTP/' "$log"
if grep -q 'SECRETFEEDTOKEN' "$log"; then fail "the access log holds a feed token: $(grep SECRETFEEDTOKEN "$log" | head -1)"; fi
checks=$((checks + 1))
wait_for "the access log" grep -q '/api/documents/3/view' "$log"
if grep -q 'SECRET-TICKET' "$log"; then fail "the access log holds a view ticket: $(grep SECRET-TICKET "$log" | head -1)"; fi
if grep -q 'upcoming=true' "$log"; then fail "the access log holds a query string"; fi
grep -q '"GET /api/documents/1/view HTTP/1.1" 200' "$log" || fail "the access log misses the view request: $(tail -3 "$log")"
checks=$((checks + 3))

# --- The API down: a JSON 503, still with the headers --------------------------------------------------
kill "$upstream_pid"
wait "$upstream_pid" 2>/dev/null || true
upstream_pid=""
fetch /api/echo
expect_status 503
expect_header Content-Type 'application/json'
expect_header Retry-After '^10$'
expect_body '"message"'
expect_security_headers

# --- Two APIs (compose's scale profile): requests are balanced, and go on when one is down -----------------
python3 "$work/upstream.py" "$work/upstream-a.port" &
extra_pids="$extra_pids $!"
upstream_a_pid=$!
python3 "$work/upstream.py" "$work/upstream-b.port" &
extra_pids="$extra_pids $!"
wait_for "the first fake API" test -s "$work/upstream-a.port"
wait_for "the second fake API" test -s "$work/upstream-b.port"
port_a=$(cat "$work/upstream-a.port")
port_b=$(cat "$work/upstream-b.port")
port2=$(free_port)
NGINX_RUNTIME_DIR="$work/conf2/run" scripts/render-nginx.sh "$work/conf2" "127.0.0.1:$port2" \
    "127.0.0.1:$port_a,127.0.0.1:$port_b" "$www" >/dev/null
grep -q "server 127.0.0.1:$port_a; server 127.0.0.1:$port_b;" "$work/conf2/nginx.conf" ||
    fail "two upstreams must render as two server lines: $(grep -n 'server 127' "$work/conf2/nginx.conf")"
"$nginx_bin" -p "$work/conf2" -c "$work/conf2/nginx.conf" -e stderr -g 'daemon off;' 2>"$work/nginx2.stderr" &
extra_pids="$extra_pids $!"
wait_for "the balancing nginx" curl -fsS -o /dev/null "http://127.0.0.1:$port2/index.html"
seen=""
for _ in $(seq 1 8); do
    seen="$seen $(curl -fsS "http://127.0.0.1:$port2/api/echo" | python3 -c 'import json,sys; print(json.load(sys.stdin)["port"])')"
done
for p in "$port_a" "$port_b"; do
    case " $seen " in *" $p "*) ;; *) fail "nginx did not balance to the API on port $p (answers from:$seen)";; esac
done
kill "$upstream_a_pid"
wait "$upstream_a_pid" 2>/dev/null || true
for _ in $(seq 1 4); do
    answered=$(curl -sS -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port2/api/echo")
    [ "$answered" = 200 ] || fail "with one of two APIs down, a request got $answered instead of the other API's 200"
done
checks=$((checks + 4))

echo "check-nginx: OK ($checks checks against nginx $("$nginx_bin" -v 2>&1 | sed 's|.*/||'), config rendered by scripts/render-nginx.sh)"
