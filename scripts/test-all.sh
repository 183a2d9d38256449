#!/usr/bin/env bash
# `npm test`: every check of the project. Stages that do not depend on each other run side by side
# (each mostly uses one core: tsc and eslint; the two integration runs, one per database target),
# with their output kept apart and printed when each finishes. Fails when any stage fails.
set -euo pipefail
cd "$(dirname "$0")/.."
t0=$(date +%s)
now() { echo $(( $(date +%s) - t0 )); }
stage() { printf '\n=== %s === (at %d s)\n' "$1" "$(now)"; }
logs="$(mktemp -d)"
build_pid=""
# On any exit, a production build still running beside the tests stops too (its own process group).
# (`|| true`: under errexit a failed kill of a group already gone would end the trap, and the run, with 1.)
trap '[ -z "$build_pid" ] || kill -- "-$build_pid" 2>/dev/null || true; rm -rf "$logs"' EXIT
skipped=""

# side_by_side NAME CMD NAME CMD …: runs the commands at once; prints each one's output as it ends.
side_by_side() {
  local -a names=() pids=()
  while [ $# -gt 0 ]; do
    names+=("$1")
    ( bash -c "$2" >"$logs/${#names[@]}.log" 2>&1 ) &
    pids+=($!)
    shift 2
  done
  local failed=0 i rc
  for i in "${!pids[@]}"; do
    rc=0; wait "${pids[$i]}" || rc=$?
    printf '\n--- %s: %s after %d s ---\n' "${names[$i]}" "$([ "$rc" = 0 ] && echo passed || echo "FAILED (exit $rc)")" "$(now)"
    cat "$logs/$((i + 1)).log"
    [ "$rc" = 0 ] || failed=1
  done
  return "$failed"
}

stage "typecheck and lint"
side_by_side typecheck "npx tsc --noEmit" lint "npx eslint . --max-warnings 0"

stage "unit tests"; npx vitest run --project unit

stage "integration tests: embedded Postgres and native PostgreSQL + pgvector"
# The browser tests' production build does not touch a database: it runs beside the integration
# runs, at a lower priority, in the time they spend waiting (lease expiries, restarts, polls), and
# without Next's own type-check (the first stage did it). The browser stage waits for it.
build_log="$logs/build.log"
NEXT_BUILD_SKIP_TYPECHECK=1 NEXT_TELEMETRY_DISABLED=1 setsid nice -n 10 npx next build >"$build_log" 2>&1 &
build_pid=$!
# Installs and builds what is missing when it can (root + apt); exit 3 means it cannot here.
native=0; bash scripts/native-pg.sh ensure || native=$?
case $native in
  # Database-independent quality tests run once, in the native run (see mmlu-quality.int.test.ts).
  0) side_by_side "embedded" "env -u TEST_DATABASE_URL -u TEST_DB QUALITY_TESTS_ON=native npx vitest run --project integration" \
                  "native" "bash scripts/native-pg.sh run npx vitest run --project integration" ;;
  3) echo "SKIPPED: the native PostgreSQL run could not be set up on this machine (reason above)"
     skipped="native PostgreSQL integration tests"
     env -u TEST_DATABASE_URL -u TEST_DB npx vitest run --project integration ;;
  *) exit "$native" ;;
esac

stage "end-to-end tests (Playwright, Chromium)"
bash scripts/ensure-chromium.sh
rc=0; wait "$build_pid" || rc=$?
if [ "$rc" != 0 ]; then cat "$build_log"; echo "the production build failed (exit $rc)"; exit "$rc"; fi
echo "production build done beside the integration tests ($(grep -c . "$build_log") lines of output; \`npx next build\` shows them)"
npx tsx scripts/e2e.ts

echo
echo "all test stages passed in $(now) s${skipped:+ (SKIPPED: $skipped)}"
