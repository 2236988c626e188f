#!/usr/bin/env bash
# Lighthouse 12 on the dashboard of a signed-in chair (e2e/tests/lighthouse.test.js through scripts/e2e.sh:
# the production front end behind the real nginx configuration, the debug server on a fresh database).
# Prints the desktop preset's scores (which must reach performance 98 and accessibility 100) and, for
# information, the mobile preset's. `make lighthouse` builds, then runs this. Figures: docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
LIGHTHOUSE_MOBILE=${LIGHTHOUSE_MOBILE:-1} exec scripts/e2e.sh e2e/tests/lighthouse.test.js
