#!/usr/bin/env bash
# Installs StudyForge's dependencies (including the pinned Node.js 24 runtime from the npm
# registry), builds the web UI and starts the server on http://localhost:${PORT:-8080}.
# Safe to run again: it reinstalls only when package-lock.json changed, and keeps DATA_DIR.
#
#   ./install.sh                 install, build and run in the foreground (Ctrl-C stops it)
#   sudo ./install.sh --service  install, build and run as the systemd service studyforge.service
#   ./install.sh --print-unit    print the systemd unit --service would install
set -euo pipefail
cd "$(dirname "$0")"

usage() {
  cat <<'USAGE'
Usage: ./install.sh [--service | --print-unit | --help]

  (no option)    install the dependencies, build the web UI and start StudyForge in the foreground
  --service      install StudyForge as the systemd service studyforge.service (needs root and systemd):
                 user studyforge, app in /opt/studyforge, config /etc/studyforge/studyforge.env,
                 data in /var/lib/studyforge
  --print-unit   print the systemd unit --service installs, and change nothing
  --help         this text
USAGE
}

case "${1-}" in
  "") ;;
  --service)
    [[ $# -eq 1 ]] || { usage >&2; exit 2; }
    exec bash scripts/install-service.sh
    ;;
  --print-unit)
    [[ $# -eq 1 ]] || { usage >&2; exit 2; }
    exec bash scripts/service-unit.sh
    ;;
  -h | --help) usage; exit 0 ;;
  *) echo "install.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
esac

bash scripts/build.sh

echo "Starting StudyForge on http://localhost:${PORT:-8080} (data in ${DATA_DIR:-./data}; Ctrl-C stops it)..."
exec npm start --silent
