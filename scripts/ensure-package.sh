#!/usr/bin/env bash
# Usage: ensure-package.sh COMMAND DEBIAN_PACKAGE WHAT_NEEDS_IT
# Installs the Debian package that provides COMMAND when the command is missing and we may (root with
# apt-get); otherwise says what to do and fails. The test tools (Chromium, poppler-utils, systemd) come
# from Debian, not npm, so a fresh clone gets them through this one script.
set -euo pipefail
command=$1 package=$2 what=$3
if command -v "$command" >/dev/null 2>&1; then exit 0; fi
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing $package for $what (apt-get install $package)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$package" >/dev/null
  command -v "$command" >/dev/null 2>&1 && exit 0
  echo "apt-get install $package did not provide $command." >&2
  exit 1
fi
echo "$what needs $command: run 'sudo apt-get install $package'." >&2
exit 1
