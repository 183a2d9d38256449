#!/usr/bin/env bash
# Browser tests use Debian's Chromium (Playwright's own browser download cannot work offline).
# Installs it with apt-get when missing and we are root; otherwise says what to do.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "[e2e] installing Debian's chromium (apt-get)…"
  export DEBIAN_FRONTEND=noninteractive
  # A mirror that fails once (a timeout, a half-synced index) must not fail the run: three tries.
  for try in 1 2 3; do
    if apt-get update -qq >/tmp/ensure-chromium-apt.log 2>&1 &&
      apt-get install -y -qq chromium fonts-dejavu-core >>/tmp/ensure-chromium-apt.log 2>&1; then
      break
    fi
    echo "[e2e] apt-get failed (try $try of 3):" >&2
    tail -n 5 /tmp/ensure-chromium-apt.log >&2
    [ "$try" = 3 ] || sleep $((try * 10))
  done
  [ -x "$CHROMIUM" ] && exit 0
fi
echo "[e2e] Chromium not found at $CHROMIUM." >&2
echo "[e2e] Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary." >&2
exit 1
