#!/usr/bin/env bash
# Installs the Debian packages the build and tests need, only those missing.
set -euo pipefail

need=()
dpkg -s libpq-dev >/dev/null 2>&1 || need+=(libpq-dev)
command -v psql >/dev/null 2>&1 || need+=(postgresql-client)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
# pdftotext reads the portal's PDFs back in the HTTP tests (every script must survive typesetting).
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
# pdfsig (also poppler-utils) checks the portal's PDF signatures independently in the HTTP tests.
command -v pdfsig >/dev/null 2>&1 || need+=(poppler-utils)
if [ "${WITH_BROWSER:-0}" = 1 ]; then
  command -v chromium >/dev/null 2>&1 || need+=(chromium)
  command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx-light)
fi
if [ "${WITH_BENCH:-0}" = 1 ]; then
  command -v wrk >/dev/null 2>&1 || need+=(wrk)
fi
command -v cargo >/dev/null 2>&1 || { echo "Rust (cargo) is required: https://rustup.rs" >&2; exit 1; }
command -v npm >/dev/null 2>&1 || need+=(nodejs npm)

if [ ${#need[@]} -gt 0 ]; then
  echo "[deps] installing: ${need[*]}"
  run() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
  run apt-get update -qq
  DEBIAN_FRONTEND=noninteractive run apt-get install -y -qq "${need[@]}"
fi
