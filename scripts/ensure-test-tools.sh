#!/usr/bin/env bash
# What `npm test` needs beyond npm: the system Chromium for the browser tests (driven by
# playwright-core) and poppler-utils, whose pdftotext/pdfinfo read exported PDFs back.
set -euo pipefail
here="$(dirname "$0")"
bash "$here/ensure-package.sh" chromium chromium "the browser tests"
bash "$here/ensure-package.sh" pdftotext poppler-utils "the export tests (pdftotext reads printed tests back)"
