#!/usr/bin/env bash
# `npm test`: every check of the project, in order of speed. Fails on the first failing stage.
set -euo pipefail
cd "$(dirname "$0")/.."
t0=$(date +%s)
stage() { printf '\n=== %s === (at %d s)\n' "$1" "$(( $(date +%s) - t0 ))"; }
skipped=""

stage "typecheck"; npx tsc --noEmit
stage "lint"; npx eslint . --max-warnings 0
stage "unit tests"; npx vitest run --project unit
stage "integration tests (embedded Postgres)"; env -u TEST_DATABASE_URL -u TEST_DB npx vitest run --project integration
stage "integration tests (native PostgreSQL + pgvector)"
# Installs and builds what is missing when it can (root + apt); exit 3 means it cannot here.
native=0; bash scripts/native-pg.sh ensure || native=$?
case $native in
  0) bash scripts/native-pg.sh run npx vitest run --project integration ;;
  3) echo "SKIPPED: the native PostgreSQL run could not be set up on this machine (reason above)"; skipped="native PostgreSQL integration tests" ;;
  *) exit "$native" ;;
esac
stage "end-to-end tests (Playwright, Chromium)"; bash scripts/ensure-chromium.sh; npx tsx scripts/e2e.ts

echo
echo "all test stages passed in $(( $(date +%s) - t0 )) s${skipped:+ (SKIPPED: $skipped)}"
