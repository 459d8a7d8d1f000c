#!/usr/bin/env bash
# The packaging tests check the generated systemd unit with `systemd-analyze verify` (Debian package
# `systemd`). Installs it when it is missing and we may (root with apt-get); otherwise says what to do.
set -euo pipefail
if command -v systemd-analyze >/dev/null 2>&1; then exit 0; fi
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing systemd-analyze for the packaging tests (apt-get install systemd)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends systemd >/dev/null
  command -v systemd-analyze >/dev/null 2>&1 && exit 0
  echo "apt-get install systemd did not provide systemd-analyze." >&2
  exit 1
fi
echo "The packaging tests need systemd-analyze: run 'sudo apt-get install systemd'." >&2
exit 1
