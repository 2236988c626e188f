#!/usr/bin/env bash
# Deployment checks run by `make test`: the compose file (without a Docker engine) and the nginx
# configuration, for real, with Debian's nginx.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 scripts/check-compose.py
scripts/check-nginx.sh
