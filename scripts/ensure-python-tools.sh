#!/usr/bin/env bash
# Creates or updates the test tools' Python environment under .local/venv from
# scripts/python-requirements.txt (PyPI), only when it is missing or the requirements changed.
# Prints the environment's path.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
venv=$root/.local/venv
requirements=$root/scripts/python-requirements.txt
stamp=$venv/.requirements
if [ ! -x "$venv/bin/python" ] || ! cmp -s "$requirements" "$stamp"; then
  echo "[python] installing $(grep -v '^#' "$requirements" | tr '\n' ' ')into .local/venv" >&2
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements" >&2
  cp "$requirements" "$stamp"
fi
echo "$venv"
