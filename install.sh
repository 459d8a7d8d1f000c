#!/usr/bin/env bash
# Installs StudyForge's dependencies (including the pinned Node.js 24 runtime from the npm
# registry), builds the web UI and starts the server on http://localhost:${PORT:-8080}.
# Safe to run again: it reinstalls only when package-lock.json changed, and keeps DATA_DIR.
set -euo pipefail
cd "$(dirname "$0")"

if ! command -v npm >/dev/null 2>&1; then
  echo "StudyForge needs npm (any Node.js >= 18 to bootstrap; Node 24 itself comes from the npm registry)." >&2
  exit 1
fi

if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  echo "Installing dependencies..."
  npm install --no-audit --no-fund
fi

echo "Building the web UI..."
npm run build --silent

echo "Starting StudyForge on http://localhost:${PORT:-8080} (data in ${DATA_DIR:-./data}; Ctrl-C stops it)..."
exec npm start --silent
