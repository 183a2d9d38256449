#!/usr/bin/env bash
# `npm test`: every check of the project, in order of speed. Fails on the first failing stage.
set -euo pipefail
cd "$(dirname "$0")/.."
stage() { printf '\n=== %s ===\n' "$1"; }
t0=$(date +%s)

stage "typecheck"; npx tsc --noEmit
stage "lint"; npx eslint . --max-warnings 0
stage "unit tests"; npx vitest run --project unit
stage "integration tests (embedded Postgres)"; npx vitest run --project integration
stage "end-to-end tests (Playwright, Chromium)"; bash scripts/ensure-chromium.sh; npx tsx scripts/e2e.ts

echo
echo "all test stages passed in $(( $(date +%s) - t0 )) s"
