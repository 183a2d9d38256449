#!/usr/bin/env bash
# A throwaway native PostgreSQL 15 + pgvector server, the deployment target the tests run against
# besides the embedded default.
#
#   native-pg.sh ensure        install what is missing (root + apt: postgresql-15, and to build the
#                              vendored pgvector, postgresql-server-dev-15); fast when all is there.
#                              Exit 3 (with the reason on stderr) when it cannot be done here.
#   native-pg.sh start DIR     initdb a fresh cluster in DIR and start it on a free loopback port
#                              (unix socket in DIR); prints the superuser's URL.
#   native-pg.sh stop DIR      stop that server and delete DIR.
#   native-pg.sh run CMD…      ensure, start in a temp dir, run CMD with TEST_DATABASE_URL and
#                              TEST_DB=native set, then stop and delete the server whatever happens.
#
# PG_BINDIR (default /usr/lib/postgresql/15/bin) picks another installation; PGVECTOR_TARBALL the
# pgvector source (default ../shared/vendor/pgvector-0.8.6.tar.gz next to the checkout).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DEBIAN_BINDIR=/usr/lib/postgresql/15/bin
PG_BINDIR="${PG_BINDIR:-$DEBIAN_BINDIR}"
PGVECTOR_VERSION=0.8.6
PGVECTOR_TARBALL="${PGVECTOR_TARBALL:-$ROOT/../shared/vendor/pgvector-$PGVECTOR_VERSION.tar.gz}"
# hnsw.iterative_scan (lib/retrieval/search.ts) arrived in pgvector 0.8.0.
PGVECTOR_MIN=0.8.0
CANNOT=3

log() { echo "[native-pg] $*" >&2; }
cannot() { log "cannot run a native server here: $*"; exit "$CANNOT"; }
is_root() { [ "$(id -u)" = 0 ]; }

server_installed() { [ -x "$PG_BINDIR/postgres" ] && [ -x "$PG_BINDIR/initdb" ] && [ -x "$PG_BINDIR/pg_ctl" ]; }

# The installed pgvector's version (from its control file), empty when vector.so or the control
# file is missing: the build is cached by what `make install` leaves there.
installed_pgvector() {
  local pgc="$PG_BINDIR/pg_config" lib share
  [ -x "$pgc" ] || return 0
  lib="$("$pgc" --pkglibdir)"
  share="$("$pgc" --sharedir)"
  [ -f "$lib/vector.so" ] && [ -f "$share/extension/vector.control" ] || return 0
  sed -n "s/^default_version *= *'\([0-9.]*\)'.*/\1/p" "$share/extension/vector.control"
}

version_at_least() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]; }

apt_install() {
  command -v apt-get >/dev/null || cannot "apt-get is not available to install $*"
  export DEBIAN_FRONTEND=noninteractive
  log "apt-get install $*"
  if ! apt-get install -y -qq --no-install-recommends "$@" >/tmp/native-pg-apt.log 2>&1; then
    log "install failed; apt-get update, then again"
    apt-get update -qq >>/tmp/native-pg-apt.log 2>&1 || true
    apt-get install -y -qq --no-install-recommends "$@" >>/tmp/native-pg-apt.log 2>&1 ||
      { tail -n 5 /tmp/native-pg-apt.log >&2; cannot "apt-get install $* failed (log: /tmp/native-pg-apt.log)"; }
  fi
}

build_pgvector() {
  [ -f "$PGVECTOR_TARBALL" ] || cannot "pgvector is not installed and its source $PGVECTOR_TARBALL is missing"
  local pkgs=()
  [ -f "$("$PG_BINDIR/pg_config" --includedir-server)/postgres.h" ] || pkgs+=(postgresql-server-dev-15)
  command -v make >/dev/null || pkgs+=(make)
  command -v gcc >/dev/null || pkgs+=(gcc)
  [ ${#pkgs[@]} -eq 0 ] || apt_install "${pkgs[@]}"
  local src t0
  src="$(mktemp -d /tmp/pgvector-build.XXXXXX)"
  t0=$(date +%s)
  tar -xzf "$PGVECTOR_TARBALL" -C "$src"
  log "building pgvector $PGVECTOR_VERSION from $PGVECTOR_TARBALL"
  make -s -C "$src/pgvector-$PGVECTOR_VERSION" -j"$(nproc)" PG_CONFIG="$PG_BINDIR/pg_config" >"$src/build.log" 2>&1 &&
    make -s -C "$src/pgvector-$PGVECTOR_VERSION" install PG_CONFIG="$PG_BINDIR/pg_config" >>"$src/build.log" 2>&1 ||
    { tail -n 20 "$src/build.log" >&2; log "pgvector build failed (log: $src/build.log)"; exit 1; }
  rm -rf "$src"
  log "pgvector $PGVECTOR_VERSION built and installed in $(( $(date +%s) - t0 )) s"
}

cmd_ensure() {
  if ! server_installed; then
    is_root || cannot "no PostgreSQL 15 server in $PG_BINDIR (install postgresql-15, or set PG_BINDIR), and not root to install it"
    [ "$PG_BINDIR" = "$DEBIAN_BINDIR" ] || cannot "no PostgreSQL server in PG_BINDIR=$PG_BINDIR"
    apt_install postgresql-15
    server_installed || cannot "postgresql-15 installed but $PG_BINDIR/postgres is still missing"
  fi
  local have
  have="$(installed_pgvector)"
  if [ -n "$have" ] && version_at_least "$have" "$PGVECTOR_MIN"; then
    log "PostgreSQL $("$PG_BINDIR/postgres" --version | awk '{print $3}') with pgvector $have: ready"
    return 0
  fi
  is_root || cannot "pgvector >= $PGVECTOR_MIN is not installed for $PG_BINDIR (found: ${have:-none}), and not root to build it"
  build_pgvector
  have="$(installed_pgvector)"
  [ "$have" = "$PGVECTOR_VERSION" ] || { log "pgvector still missing after make install"; exit 1; }
}

# Runs a command as the server's owner: initdb refuses root, so root hands over to `postgres`.
as_owner() {
  if is_root; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

cmd_start() {
  local dir="${1:?usage: native-pg.sh start DIR}" port password
  mkdir -p "$dir"
  if is_root; then
    getent passwd postgres >/dev/null || cannot "no 'postgres' user to own the server (initdb refuses root)"
    chown postgres "$dir"
  fi
  chmod 700 "$dir"
  password="$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')"
  printf '%s\n' "$password" >"$dir/pwfile"
  is_root && chown postgres "$dir/pwfile"
  # C.UTF-8 sorts text as the embedded database does; trust only on the socket in DIR (mode 700).
  as_owner "$PG_BINDIR/initdb" -D "$dir/data" -U postgres --pwfile="$dir/pwfile" --auth-local=trust \
    --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; exit 1; }
  rm -f "$dir/pwfile"
  port="$(free_port)"
  # Throwaway data: durability off for speed; room for several pools (web, worker, tests).
  cat >>"$dir/data/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir'
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
# As docker-compose: an HNSW index over 1M vectors built CONCURRENTLY with the default 64 MB spills
# out of memory and crawls (30% after 16 min in bench:scale at 1M).
maintenance_work_mem = '512MB'
EOF
  as_owner "$PG_BINDIR/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null ||
    { cat "$dir/server.log" >&2; exit 1; }
  log "PostgreSQL started on 127.0.0.1:$port (socket and data in $dir)"
  echo "postgresql://postgres:$password@127.0.0.1:$port/postgres"
}

cmd_stop() {
  local dir="${1:?usage: native-pg.sh stop DIR}"
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_owner "$PG_BINDIR/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop >/dev/null 2>&1 ||
      as_owner "$PG_BINDIR/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
  log "server stopped, $dir removed"
}

on_signal() {
  if [ -n "${RUN_CHILD:-}" ]; then
    kill "-$1" "$RUN_CHILD" 2>/dev/null || true
    wait "$RUN_CHILD" || true
  fi
  exit "$2"
}

cmd_run() {
  [ $# -gt 0 ] || { echo "usage: native-pg.sh run CMD…" >&2; exit 2; }
  cmd_ensure
  local url
  # Global: the EXIT trap runs after this function's locals are gone.
  RUN_DIR="$(mktemp -d /tmp/portal-pg.XXXXXX)"
  trap 'cmd_stop "$RUN_DIR"' EXIT
  trap 'on_signal INT 130' INT
  trap 'on_signal TERM 143' TERM
  url="$(cmd_start "$RUN_DIR")"
  # In the background so that a signal to this script reaches the command before the server stops.
  TEST_DB=native TEST_DATABASE_URL="$url" "$@" &
  RUN_CHILD=$!
  wait "$RUN_CHILD"
}

case "${1:-}" in
  ensure) cmd_ensure ;;
  start) shift; cmd_start "$@" ;;
  stop) shift; cmd_stop "$@" ;;
  run) shift; cmd_run "$@" ;;
  *) echo "usage: native-pg.sh ensure | start DIR | stop DIR | run CMD…" >&2; exit 2 ;;
esac
