#!/usr/bin/env bash
# The API tests run a second time on PostgreSQL (vitest project "postgres"): tests/helpers/postgres.ts
# starts a throw-away cluster with the server binaries of Debian's `postgresql` package
# (/usr/lib/postgresql/<version>/bin). Installs it when it is missing and we may (root with apt-get);
# otherwise says what to do.
set -euo pipefail
# The server, and the client programs of the same version (tests/cli/postgres-ops.test.ts backs up with
# pg_dump and restores with pg_restore); the postgresql package brings both.
installed() { compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null && compgen -G "/usr/lib/postgresql/*/bin/pg_dump" >/dev/null; }
if installed; then exit 0; fi
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing PostgreSQL for the tests (apt-get install postgresql)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  # The tests start their own cluster; the one the package starts is not needed.
  installed && exit 0
  echo "apt-get install postgresql did not provide initdb and pg_dump." >&2
  exit 1
fi
echo "The PostgreSQL tests need Debian's postgresql server: run 'sudo apt-get install postgresql'." >&2
exit 1
