#!/usr/bin/env bash
# StudyForge's build steps, in one place: install.sh, `install.sh --service` and the Dockerfile all run
# this script, so a checkout and an image are built the same way and cannot drift apart.
#
#   scripts/build.sh          deps, then ui (what install.sh runs)
#   scripts/build.sh deps     installs the dependencies, the pinned Node.js 24 from the npm registry
#                             included, when package-lock.json changed since the last install
#   scripts/build.sh ui       builds the web UI into dist/ui
#   scripts/build.sh prune    removes the development dependencies (for an image or /opt/studyforge)
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v npm >/dev/null 2>&1; then
  echo "StudyForge needs npm (any Node.js >= 18 to bootstrap; Node 24 itself comes from the npm registry)." >&2
  exit 1
fi

deps() {
  if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
    echo "Installing dependencies..."
    npm install --no-audit --no-fund
  fi
}

ui() {
  echo "Building the web UI..."
  npm run build --silent
}

prune() {
  echo "Removing the development dependencies..."
  npm prune --omit=dev --no-audit --no-fund
  # The service runs on the pinned Node.js 24 (the `node` package): it must have survived.
  node_modules/node/bin/node --version >/dev/null
}

if [[ $# -eq 0 ]]; then set -- deps ui; fi
for step in "$@"; do
  case "$step" in
    deps | ui | prune) "$step" ;;
    *) echo "scripts/build.sh: unknown step '$step' (deps, ui or prune)" >&2; exit 2 ;;
  esac
done
