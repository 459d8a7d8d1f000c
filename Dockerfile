# syntax=docker/dockerfile:1
# StudyForge as a container image.
#
#   docker build -t studyforge .
#   docker run -d --name studyforge -p 8080:8080 -v studyforge-data:/data studyforge
#
# Configuration is by environment variables only (docker run -e, compose's environment:); see README's
# Configuration. Data (SQLite database, PDFs, secret.key) lives in the volume /data.
#
# The build steps are scripts/build.sh, the very script ./install.sh runs, so the two cannot drift.
# StudyForge runs on the Node.js 24 that npm installs from the registry (the `node` package,
# node_modules/node/bin/node), a glibc binary: both stages are Debian bookworm, so that binary and the
# sqlite3 addon built beside it run unchanged in the runtime stage.

# --- build: any Node.js with npm bootstraps, as for ./install.sh ---------------------------------
FROM node:24-bookworm-slim AS build
# sqlite3 falls back to compiling its addon when no prebuilt one can be downloaded.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Dependencies first, in their own layer: rebuilt only when the lock file changes.
COPY package.json package-lock.json .npmrc ./
COPY scripts/build.sh scripts/build.sh
RUN bash scripts/build.sh deps
COPY . .
RUN bash scripts/build.sh ui
RUN bash scripts/build.sh prune

# --- runtime: Debian with util-linux (prlimit, setpriv for the PDF-scanning workers), no npm -----
FROM debian:bookworm-slim AS runtime
RUN groupadd --system --gid 10001 studyforge \
 && useradd --system --uid 10001 --gid studyforge --home-dir /data --no-create-home \
      --shell /usr/sbin/nologin studyforge \
 && mkdir -p /data \
 && chown studyforge:studyforge /data \
 && chmod 0750 /data \
 && command -v prlimit \
 && command -v setpriv
WORKDIR /app
# Production files only, owned by root: the service cannot change its own code.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist/ui ./dist/ui
COPY --from=build /app/src ./src
COPY --from=build /app/cli ./cli
COPY --from=build /app/migrations ./migrations
COPY --from=build /app/config ./config
# `docker exec studyforge studyforge status`: the CLI, on the pinned Node.js.
RUN printf '#!/bin/sh\nexec /app/node_modules/node/bin/node /app/cli/index.ts "$@"\n' >/usr/local/bin/studyforge \
 && chmod 0755 /usr/local/bin/studyforge
ENV PATH=/app/node_modules/node/bin:$PATH \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=8080
VOLUME ["/data"]
EXPOSE 8080
USER 10001:10001
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM itself; the server then shuts down gracefully (requests in
# flight finish, running jobs go back to the queue). Give it time: `docker stop -t 20`.
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "/app/cli/index.ts"]
CMD ["serve"]
