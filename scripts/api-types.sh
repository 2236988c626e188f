#!/usr/bin/env bash
# The front end's wire types, generated from the OpenAPI document the server serves (the one source of
# the wire format): `scripts/api-types.sh` writes frontend/src/types/api.generated.ts, and
# `scripts/api-types.sh --check` fails when the checked-in file differs from what the server emits.
# Needs the debug server binary (TRUSTEE_PORTAL_BIN, or debug/trustee-portal under $CARGO_TARGET_DIR or target/)
# and the front end's npm packages.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${TRUSTEE_PORTAL_BIN:-${CARGO_TARGET_DIR:-$root/target}/debug/trustee-portal}
checked_in=$root/frontend/src/types/api.generated.ts
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$bin" openapi > "$work/openapi.json"
cd "$root/frontend"
# The generated file lives in src/types so that prettier's settings apply while it is formatted.
out=src/types/.api.generated.$$.ts
trap 'rm -rf "$work" "$root/frontend/$out"' EXIT
npx --no-install openapi-typescript "$work/openapi.json" --output "$out" >/dev/null 2>"$work/log" \
  || { cat "$work/log" >&2; exit 1; }
{
  echo '// Generated from the OpenAPI document (`make api-types`); do not edit. Names: src/types/api.ts.'
  cat "$out"
} > "$work/api.generated.ts"
mv "$work/api.generated.ts" "$out"
npx --no-install prettier --write "$out" >/dev/null

if [ "${1:-}" = --check ]; then
  if ! diff -u "$checked_in" "$out" > "$work/diff"; then
    echo "frontend/src/types/api.generated.ts differs from the OpenAPI document the server emits:" >&2
    head -40 "$work/diff" >&2
    echo "Run 'make api-types' and commit the result (then fix the type errors it shows)." >&2
    exit 1
  fi
  echo "[api-types] frontend/src/types/api.generated.ts matches the server's OpenAPI document"
else
  mv "$out" "$checked_in"
  echo "[api-types] wrote frontend/src/types/api.generated.ts"
fi
