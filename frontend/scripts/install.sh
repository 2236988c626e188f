#!/bin/sh
# Installs the front end's dependencies. `npm ci` refuses a lockfile that lacks other platforms'
# optional @swc/core binaries (the registry mirror here does not serve them); fall back to
# `npm install`, which resolves the same versions from package-lock.json.
set -e
cd "$(dirname "$0")/.."
npm ci --no-audit --no-fund || npm install --no-audit --no-fund
