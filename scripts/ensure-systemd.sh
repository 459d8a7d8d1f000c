#!/usr/bin/env bash
# The packaging tests check the generated systemd unit with `systemd-analyze verify` (Debian package `systemd`).
set -euo pipefail
bash "$(dirname "$0")/ensure-package.sh" systemd-analyze systemd "the packaging tests"
