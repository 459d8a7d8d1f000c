#!/usr/bin/env bash
# The browser tests drive the system Chromium (Debian package `chromium`) through playwright-core.
# Installs it when it is missing and we may (root with apt-get); otherwise says what to do.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || [[ -x /usr/bin/chromium ]]; then exit 0; fi
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Chromium for the browser tests (apt-get install chromium)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The browser tests need Chromium at /usr/bin/chromium: run 'sudo apt-get install chromium'." >&2
exit 1
