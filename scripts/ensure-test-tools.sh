#!/usr/bin/env bash
# What `npm test` needs beyond npm: the system Chromium for the browser tests (driven by
# playwright-core), poppler-utils (pdftotext/pdfinfo read exported PDFs back) and PostgreSQL.
set -euo pipefail
here="$(dirname "$0")"
bash "$here/ensure-package.sh" chromium chromium "the browser tests"
bash "$here/ensure-package.sh" pdftotext poppler-utils "the export tests (pdftotext reads printed tests back)"
# The API tests run a second time on a throw-away PostgreSQL cluster.
bash "$here/ensure-postgres.sh"
