#!/usr/bin/env bash
# Runs the Dockerfile's steps without Docker, for machines that have no Docker engine or reach no image
# registry: in a clean clone of the committed checkout, runs the build stage's `RUN bash scripts/build.sh …`
# lines exactly as the Dockerfile writes them, assembles the runtime stage's files from its
# `COPY --from=build` lines, starts that on the pinned Node.js with the image's environment (a free port, a
# temporary /data), runs the image's HEALTHCHECK command, then stops it with SIGTERM and expects a clean exit.
# What it cannot check: the base images themselves (node:24-bookworm-slim, debian:bookworm-slim; this
# machine is Debian bookworm, like them), the non-root USER, and the VOLUME.
# Takes minutes (a full npm install); not part of npm test. Usage: bash scripts/check-docker-build.sh
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/studyforge-docker-check.XXXXXX)
server_pid=
cleanup() {
  if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then kill -KILL "$server_pid" 2>/dev/null || true; fi
  if [[ ${KEEP:-} == 1 ]]; then echo "Kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
step() { echo; echo "== $*"; }

step "Clean clone of $(git -C "$repo" rev-parse --short HEAD) into $work/app"
git clone --quiet --no-local "$repo" "$work/app"
cd "$work/app"
for tool in prlimit setpriv; do command -v "$tool" >/dev/null || { echo "$tool is missing (util-linux)" >&2; exit 1; }; done

# The Dockerfile's instructions, continuation lines joined, as JSON: [{stage, instruction, args}].
node - Dockerfile >"$work/instructions.json" <<'JS'
const text = require("fs").readFileSync(process.argv[2], "utf8").replace(/\\\n/g, " ");
let stage = "";
const out = [];
for (const raw of text.split("\n")) {
  const line = raw.trim();
  if (!line || line.startsWith("#")) continue;
  const [, instruction, args] = line.match(/^(\S+)\s*(.*)$/);
  const upper = instruction.toUpperCase();
  if (upper === "FROM") stage = (args.match(/\sAS\s+(\S+)/i) || [, ""])[1];
  out.push({ stage, instruction: upper, args: args.replace(/\s+/g, " ") });
}
console.log(JSON.stringify(out));
JS
query() { node -e "const all=require('$work/instructions.json'); $1"; }

step "Build stage: the Dockerfile's RUN lines that call scripts/build.sh"
mapfile -t runs < <(query "for (const i of all) if (i.stage==='build' && i.instruction==='RUN' && i.args.startsWith('bash scripts/build.sh')) console.log(i.args)")
[[ ${#runs[@]} -gt 0 ]] || { echo "No 'RUN bash scripts/build.sh' in the build stage" >&2; exit 1; }
for cmd in "${runs[@]}"; do
  echo "\$ $cmd"
  start=$SECONDS
  bash -c "$cmd"
  echo "   ($((SECONDS - start)) s)"
done

step "Runtime stage: the files its COPY --from=build lines take"
mkdir -p "$work/runtime"
mapfile -t copies < <(query "for (const i of all) if (i.stage==='runtime' && i.instruction==='COPY' && i.args.startsWith('--from=build ')) console.log(i.args.slice(13))")
[[ ${#copies[@]} -gt 0 ]] || { echo "No COPY --from=build in the runtime stage" >&2; exit 1; }
for copy in "${copies[@]}"; do
  read -r src dest <<<"$copy"
  src=${src#/app/}
  dest=${dest#./}
  echo "  $src -> $dest"
  mkdir -p "$(dirname "$work/runtime/$dest")"
  cp -a "$work/app/$src" "$work/runtime/$dest"
done
echo "  runtime files: $(du -sh "$work/runtime" | cut -f1), of which node_modules $(du -sh "$work/runtime/node_modules" | cut -f1) (the pinned node binary $(du -sh "$work/runtime/node_modules/node/bin/node" | cut -f1))"
[[ ! -e $work/runtime/node_modules/vite ]] || { echo "node_modules still has vite: development dependencies were not pruned" >&2; exit 1; }
node_bin="$work/runtime/node_modules/node/bin/node"
echo "  pinned Node.js: $("$node_bin" --version)"

step "Start it as the image does (ENTRYPOINT + CMD), with a free port and a temporary data directory"
entrypoint=$(query "const e=all.filter(i=>i.stage==='runtime'&&i.instruction==='ENTRYPOINT').pop(); const c=all.filter(i=>i.stage==='runtime'&&i.instruction==='CMD').pop(); console.log(JSON.stringify([...JSON.parse(e.args), ...JSON.parse(c.args)]))")
echo "  image command: $entrypoint"
port=$("$node_bin" -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
mkdir -p "$work/data"
mapfile -t argv < <(node -e "for (const a of JSON.parse(process.argv[1])) console.log(a)" "$entrypoint")
# /app in the image is $work/runtime here.
argv=("${argv[@]//\/app\//$work/runtime/}")
[[ ${argv[0]} == node ]] || { echo "ENTRYPOINT must start with node" >&2; exit 1; }
argv[0]=$node_bin
(cd "$work/runtime" && exec env -i PATH="$(dirname "$node_bin"):/usr/sbin:/usr/bin:/sbin:/bin" HOME="$work" \
  DATA_DIR="$work/data" HOST=127.0.0.1 PORT="$port" LOG_LEVEL=warn "${argv[@]}") >"$work/server.log" 2>&1 &
server_pid=$!
echo "  pid $server_pid on port $port"

step "The image's HEALTHCHECK command"
mapfile -t health < <(query "const h=all.filter(i=>i.stage==='runtime'&&i.instruction==='HEALTHCHECK').pop(); for (const a of JSON.parse(h.args.slice(h.args.indexOf('CMD ')+4))) console.log(a)")
[[ ${health[0]} == node ]] || { echo "HEALTHCHECK must run node" >&2; exit 1; }
health[0]=$node_bin
healthy=
for _ in $(seq 1 60); do
  if PORT=$port "${health[@]}"; then healthy=1; break; fi
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 1
done
if [[ -z $healthy ]]; then echo "Not healthy; server log:" >&2; cat "$work/server.log" >&2; exit 1; fi
echo "  healthy: $("$node_bin" -e "fetch('http://127.0.0.1:$port/api/health').then(r=>r.text()).then(console.log)")"
echo "  the UI: $("$node_bin" -e "fetch('http://127.0.0.1:$port/').then(async r=>console.log(r.status, (await r.text()).includes('<div id=\"root\"') ? 'index.html served' : 'no index.html'))")"
echo "  the CLI in the image (studyforge status), while the server runs:"
if ! status=$(cd "$work/runtime" && DATA_DIR="$work/data" "$node_bin" cli/index.ts status </dev/null 2>&1); then
  echo "$status" >&2
  echo "studyforge status failed" >&2
  exit 1
fi
echo "    ${status//$'\n'/$'\n'    }"

step "docker stop: SIGTERM, and a clean exit within 20 s"
kill -TERM "$server_pid"
for _ in $(seq 1 200); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$server_pid" 2>/dev/null; then echo "Still running 20 s after SIGTERM" >&2; exit 1; fi
set +e; wait "$server_pid"; code=$?; set -e
server_pid=
echo "  exit code $code"
[[ $code -eq 0 ]] || { echo "Server log:" >&2; cat "$work/server.log" >&2; exit 1; }

step "OK: the Dockerfile's build steps, runtime files, command, health check and shutdown work here"
