#!/usr/bin/env bash
# A local PostgreSQL for the test suite; prints the TEST_DATABASE_URL to use.
# Installs Debian's postgresql if missing, starts its cluster, and makes a throwaway role
# `fieldapp_test` (password fieldapp_test, CREATEDB: each test run makes and drops its own
# databases, named fa_<pid>_*). Needs root or sudo. With CI=true the cluster is also told not
# to fsync (a machine thrown away after the run; three times faster databases per test).
set -euo pipefail
SUDO=$( [ "$(id -u)" = 0 ] || echo sudo )
if ! command -v pg_lsclusters >/dev/null 2>&1 || [ -z "$(pg_lsclusters -h 2>/dev/null)" ]; then
  echo "Installing Debian's PostgreSQL for the tests" >&2
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq >&2
  $SUDO apt-get install -y -qq postgresql >/dev/null
fi
read -r version cluster port status _ < <(pg_lsclusters -h | head -n 1)
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else sudo -u postgres "$@"; fi; }
if [ "$status" != online ]; then
  $SUDO pg_ctlcluster "$version" "$cluster" start >&2
fi
psql_() { as_postgres psql -p "$port" -v ON_ERROR_STOP=1 -qAt "$@"; }
for _ in $(seq 1 30); do psql_ -c "SELECT 1" >/dev/null 2>&1 && break; sleep 1; done
if [ "${CI:-}" = true ] && [ "$(psql_ -c 'SHOW fsync')" = on ]; then
  psql_ -c "ALTER SYSTEM SET fsync = off" -c "ALTER SYSTEM SET synchronous_commit = off" \
        -c "ALTER SYSTEM SET full_page_writes = off" >&2
  $SUDO pg_ctlcluster "$version" "$cluster" restart >&2
  for _ in $(seq 1 30); do psql_ -c "SELECT 1" >/dev/null 2>&1 && break; sleep 1; done
fi
if [ -z "$(psql_ -c "SELECT 1 FROM pg_roles WHERE rolname = 'fieldapp_test'")" ]; then
  psql_ -c "CREATE ROLE fieldapp_test LOGIN CREATEDB PASSWORD 'fieldapp_test'" >&2
fi
echo "postgresql://fieldapp_test:fieldapp_test@127.0.0.1:$port/postgres"
