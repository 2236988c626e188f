#!/bin/sh
# Renders deploy/nginx.conf into a complete, runnable nginx configuration.
#
#   scripts/render-nginx.sh <out-dir> <listen> <api-upstream host:port[,host:port...]> <static-root>
#
#   <out-dir>       where nginx.conf, security-headers.conf and mime.types are written (created if needed)
#   <listen>        port (18080) or address:port (127.0.0.1:18080)
#   <api-upstream>  host:port of the API (127.0.0.1:8080, api:8080), or several separated by commas
#                   (app-1:8080,app-2:8080): nginx balances requests between them (round robin) and
#                   passes a request to the next one when a server cannot be reached
#   <static-root>   the built front end (frontend/dist): index.html and assets/
#
# Optional environment:
#   NGINX_RUNTIME_DIR  pid file and temporary files (default <out-dir>/run; created)
#   NGINX_ACCESS_LOG   access log (default <runtime-dir>/access.log; /dev/stdout in the web image)
#   NGINX_USER         worker user when nginx starts as root (default: root when rendering as root, so
#                      that workers can read a test's private temp folders; the web image uses nginx;
#                      not written at all when not rendering as root)
#   NGINX_DAEMON_OFF   1: write `daemon off;` (otherwise pass -g 'daemon off;' on the command line)
#   NGINX_MIME_TYPES   mime.types to copy (default /etc/nginx/mime.types)
#   PORTAL_DEPLOY_DIR  folder holding nginx.conf and security-headers.conf (default <script>/../deploy)
#
# Then run:  nginx -p <out-dir> -c <out-dir>/nginx.conf -e stderr -g 'daemon off;'
# POSIX sh on purpose: the web image (nginx:alpine, busybox) runs it too.
set -eu

die() {
    echo "render-nginx: $*" >&2
    exit 2
}

[ "$#" -eq 4 ] || die "usage: $0 <out-dir> <listen> <api-upstream host:port> <static-root>"
out_dir=$1
listen=$2
upstream=$3
static_root=$4

script_dir=$(CDPATH='' cd "$(dirname "$0")" && pwd)
deploy_dir=${PORTAL_DEPLOY_DIR:-$script_dir/../deploy}
template=$deploy_dir/nginx.conf
headers=$deploy_dir/security-headers.conf
mime_types=${NGINX_MIME_TYPES:-/etc/nginx/mime.types}
[ -f "$template" ] || die "template not found: $template"
[ -f "$headers" ] || die "not found: $headers"
[ -f "$mime_types" ] || die "mime.types not found: $mime_types (install nginx, or set NGINX_MIME_TYPES)"

# Values go into the configuration verbatim: refuse anything that could end or add a directive.
check_value() {
    case $2 in
        "" | *[[:space:]]* | *[\;\{\}\"\'\$\\]*) die "invalid $1: '$2'" ;;
    esac
}
check_value "listen" "$listen"
check_value "api upstream" "$upstream"
# One `server` line per host:port: "a:1,b:2" renders `server a:1;` as `server a:1; server b:2;`.
servers=""
old_ifs=$IFS
IFS=,
for server in $upstream; do
    case $server in
        *:*) ;;
        *) die "invalid api upstream '$server': use host:port[,host:port...]" ;;
    esac
    servers="${servers:+$servers; server }$server"
done
IFS=$old_ifs
[ -n "$servers" ] || die "invalid api upstream '$upstream': use host:port[,host:port...]"
upstream=$servers

mkdir -p "$out_dir"
out_dir=$(CDPATH='' cd "$out_dir" && pwd)
case $static_root in
    /*) ;;
    *) static_root=$(CDPATH='' cd "$static_root" 2>/dev/null && pwd) || die "static root not found: $4" ;;
esac
runtime_dir=${NGINX_RUNTIME_DIR:-$out_dir/run}
access_log=${NGINX_ACCESS_LOG:-$runtime_dir/access.log}
check_value "static root" "$static_root"
check_value "runtime dir" "$runtime_dir"
check_value "access log" "$access_log"
[ -d "$static_root" ] || echo "render-nginx: warning: static root $static_root does not exist (yet)" >&2

mkdir -p "$runtime_dir"

# sed replacement text: escape \, & and the | delimiter.
sed_escape() {
    printf '%s' "$1" | sed -e 's/[\\&|]/\\&/g'
}

tmp=$out_dir/.nginx.conf.$$
trap 'rm -f "$tmp"' EXIT
{
    echo "# Rendered from deploy/nginx.conf by scripts/render-nginx.sh; do not edit."
    if [ "$(id -u)" -eq 0 ]; then
        echo "user ${NGINX_USER:-root};"
    fi
    if [ "${NGINX_DAEMON_OFF:-0}" = 1 ]; then
        echo "daemon off;"
    fi
    sed -e '/^[[:space:]]*#/b' \
        -e "s|\${LISTEN}|$(sed_escape "$listen")|g" \
        -e "s|\${API_UPSTREAM}|$(sed_escape "$upstream")|g" \
        -e "s|\${STATIC_ROOT}|$(sed_escape "$static_root")|g" \
        -e "s|\${RUNTIME_DIR}|$(sed_escape "$runtime_dir")|g" \
        -e "s|\${ACCESS_LOG}|$(sed_escape "$access_log")|g" \
        "$template"
} >"$tmp"

# Every placeholder must be gone (comments excepted).
# shellcheck disable=SC2016 # a literal ${NAME}
if grep -v '^[[:space:]]*#' "$tmp" | grep -q '\${[A-Z_]*}'; then
    die "unreplaced placeholder in $template: $(grep -v '^[[:space:]]*#' "$tmp" | grep -o '\${[A-Z_]*}' | sort -u | tr '\n' ' ')"
fi

mv "$tmp" "$out_dir/nginx.conf"
trap - EXIT
# Copy the includes beside nginx.conf, unless they are already there (the web image renders into /etc/nginx).
canonical() {
    printf '%s/%s' "$(CDPATH='' cd "$(dirname "$1")" && pwd -P)" "$(basename "$1")"
}
copy_beside() {
    if [ "$(canonical "$1")" != "$(canonical "$2")" ]; then cp "$1" "$2"; fi
}
copy_beside "$headers" "$out_dir/security-headers.conf"
copy_beside "$mime_types" "$out_dir/mime.types"
echo "$out_dir/nginx.conf"
