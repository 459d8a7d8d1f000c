#!/usr/bin/env bash
# Runs both install modes for real from a clean clone of the committed checkout, on a machine without
# systemd (a container, CI's machine), and checks what they did:
#   1. ./install.sh as in the Quick start, on a free port with a temporary DATA_DIR: health, then Ctrl-C.
#   2. sudo ./install.sh --service inside a private mount namespace where /etc, /opt, /var/lib and /run are
#      throw-away copies and systemctl is a stand-in that logs: the user, the directories and their modes,
#      the env file (created once, never overwritten), /opt/studyforge, the unit; then the installed unit's
#      ExecStart is started as its user with its EnvironmentFile, answers /api/health and stops on SIGTERM.
# What it cannot check: systemd itself starting the unit and applying its sandboxing (this machine's PID 1
# is not systemd); `systemd-analyze verify` runs on the unit. Needs root, unshare and setpriv. Takes
# minutes (a full npm install); not part of npm test. Usage: bash scripts/check-install.sh
set -euo pipefail

if [[ ${1-} == --inside ]]; then
  work=$2
  step() { echo; echo "== $*"; }
  # Throw-away /etc, /opt, /var/lib and /run, seen only inside this mount namespace.
  cp -a /etc "$work/etc"
  mkdir -p "$work/opt" "$work/var-lib" "$work/bin"
  mount --bind "$work/etc" /etc
  mount --bind "$work/opt" /opt
  mount --bind "$work/var-lib" /var/lib
  mount -t tmpfs tmpfs /run
  mkdir -p /run/systemd/system
  printf '#!/bin/sh\necho "systemctl $*" >>%s/systemctl.log\n' "$work" >"$work/bin/systemctl"
  chmod +x "$work/bin/systemctl"
  export PATH="$work/bin:$PATH"

  step "sudo ./install.sh --service (first time)"
  bash "$work/app/install.sh" --service
  id studyforge
  [[ $(getent passwd studyforge | cut -d: -f7) == /usr/sbin/nologin ]]
  [[ $(stat -c '%U:%G %a' /var/lib/studyforge) == "studyforge:studyforge 750" ]]
  [[ $(stat -c '%U:%G %a' /etc/studyforge) == "root:studyforge 750" ]]
  [[ $(stat -c '%U:%G %a' /etc/studyforge/studyforge.env) == "root:studyforge 640" ]]
  grep -qx 'DATA_DIR=/var/lib/studyforge' /etc/studyforge/studyforge.env
  [[ $(stat -c '%U %a' /opt/studyforge) == "root 755" ]]
  [[ ! -e /opt/studyforge/node_modules/vite ]]
  [[ ! -e /opt/studyforge.new && ! -e /opt/studyforge.old ]]
  [[ $(stat -c '%U %a' /etc/systemd/system/studyforge.service) == "root 644" ]]
  cmp <(APP_DIR=/opt/studyforge bash "$work/app/scripts/service-unit.sh") /etc/systemd/system/studyforge.service
  echo "  user, /var/lib/studyforge, /etc/studyforge/studyforge.env, /opt/studyforge and the unit: as expected"
  echo "  $(du -sh /opt/studyforge | cut -f1) in /opt/studyforge"
  sed 's/^/  /' "$work/systemctl.log"

  step "Again, with the configuration changed by hand: it is kept"
  port=$(/opt/studyforge/node_modules/node/bin/node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  printf 'PORT=%s\nHOST=127.0.0.1\nLOG_LEVEL=warn\n# edited by hand\n' "$port" >>/etc/studyforge/studyforge.env
  before=$(sha256sum /etc/studyforge/studyforge.env)
  bash "$work/app/install.sh" --service | grep -F "Keeping the existing configuration"
  [[ $(sha256sum /etc/studyforge/studyforge.env) == "$before" ]]
  echo "  kept"

  step "The installed unit's ExecStart, as user studyforge with its EnvironmentFile"
  unit=/etc/systemd/system/studyforge.service
  exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
  workdir=$(sed -n 's/^WorkingDirectory=//p' "$unit")
  env_file=$(sed -n 's/^EnvironmentFile=//p' "$unit")
  read -r -a argv <<<"$exec_start"
  (
    cd "$workdir"
    set -a
    # shellcheck disable=SC1090
    source "$env_file"
    set +a
    exec setpriv --reuid=studyforge --regid=studyforge --init-groups --no-new-privs -- "${argv[@]}"
  ) >"$work/service.log" 2>&1 &
  pid=$!
  healthy=
  for _ in $(seq 1 60); do
    if health=$(/opt/studyforge/node_modules/node/bin/node -e "fetch('http://127.0.0.1:$port/api/health').then(async r=>{console.log(await r.text());process.exit(r.ok?0:1)},()=>process.exit(1))"); then healthy=1; break; fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 1
  done
  if [[ -z $healthy ]]; then cat "$work/service.log" >&2; kill -KILL "$pid" 2>/dev/null; exit 1; fi
  echo "  /api/health: $health"
  [[ $(stat -c '%U' /var/lib/studyforge/studyforge.db) == studyforge ]]
  [[ $(stat -c '%a' /var/lib/studyforge/secret.key) == 600 ]]
  echo "  the database and secret.key belong to studyforge in /var/lib/studyforge"
  kill -TERM "$pid"
  set +e; wait "$pid"; code=$?; set -e
  echo "  SIGTERM: exit code $code"
  [[ $code -eq 0 ]] || { cat "$work/service.log" >&2; exit 1; }
  exit 0
fi

[[ $(id -u) -eq 0 ]] || { echo "scripts/check-install.sh needs root (for the service part)." >&2; exit 1; }
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/studyforge-install-check.XXXXXX)
chmod 0755 "$work"
server_pgid=
cleanup() {
  if [[ -n $server_pgid ]]; then kill -KILL -- "-$server_pgid" 2>/dev/null || true; fi
  if [[ ${KEEP:-} == 1 ]]; then echo "Kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

echo "== Clean clone of $(git -C "$repo" rev-parse --short HEAD) into $work/app"
git clone --quiet --no-local "$repo" "$work/app"

echo
echo "== ./install.sh (the Quick start), on a free port with a temporary DATA_DIR"
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
mkdir -p "$work/data"
# Its own process group, as on a terminal, so that "Ctrl-C" reaches npm and node alike.
PORT=$port DATA_DIR=$work/data LOG_LEVEL=warn setsid bash "$work/app/install.sh" >"$work/install.log" 2>&1 &
server_pgid=$!
healthy=
for _ in $(seq 1 600); do
  if health=$(node -e "fetch('http://127.0.0.1:$port/api/health').then(async r=>{console.log(await r.text());process.exit(r.ok?0:1)},()=>process.exit(1))" 2>/dev/null); then healthy=1; break; fi
  kill -0 "$server_pgid" 2>/dev/null || break
  sleep 1
done
grep -v '^ *dist/\|^ *- \|^\[plugin\|^(!)\|^transforming\|^rendering\|^computing\|^vite v\|^✓' "$work/install.log" | sed 's/^/  /'
[[ -n $healthy ]] || { echo "Not healthy" >&2; cat "$work/install.log" >&2; exit 1; }
echo "  /api/health: $health"
kill -INT -- "-$server_pgid"
for _ in $(seq 1 200); do kill -0 -- "-$server_pgid" 2>/dev/null || break; sleep 0.1; done
if kill -0 -- "-$server_pgid" 2>/dev/null; then echo "Still running 20 s after Ctrl-C" >&2; exit 1; fi
server_pgid=
echo "  stopped by Ctrl-C (SIGINT)"
[[ -f $work/data/studyforge.db ]]

echo
echo "== ./install.sh --service in a throw-away root"
unshare --mount --propagation private bash "$0" --inside "$work"

echo
echo "== OK: ./install.sh and ./install.sh --service work from a clean clone"
