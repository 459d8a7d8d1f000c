#!/usr/bin/env bash
# `./install.sh --service`: installs StudyForge as the systemd service studyforge.service on a school
# server. Safe to run again, which is also how to upgrade: pull, then run it again.
#
#   - builds the checkout with scripts/build.sh (the same steps as ./install.sh and the Dockerfile);
#   - copies the built app (production dependencies only) to /opt/studyforge, owned by root: the
#     service cannot change its own code, and a checkout under /home or /root (hidden from the service by
#     ProtectHome=) can be moved or deleted without breaking it;
#   - creates the system user studyforge, the data directory /var/lib/studyforge (studyforge, 0750)
#     and /etc/studyforge/studyforge.env from config/studyforge.example.env (root:studyforge, 0640) when
#     it does not exist yet: an existing one is never overwritten;
#   - writes /etc/systemd/system/studyforge.service (scripts/service-unit.sh), checks it with
#     systemd-analyze verify, enables it and (re)starts it.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$PWD

APP_DIR=/opt/studyforge
SERVICE_USER=studyforge
ENV_DIR=/etc/studyforge
ENV_FILE=$ENV_DIR/studyforge.env
DATA_DIR=/var/lib/studyforge
UNIT_FILE=/etc/systemd/system/studyforge.service

fail() { echo "install.sh --service: $*" >&2; exit 1; }

[[ $(id -u) -eq 0 ]] || fail "installing a system service needs root: run 'sudo ./install.sh --service' (or './install.sh' to run StudyForge in the foreground as yourself)."
if ! command -v systemctl >/dev/null 2>&1 || [[ ! -d /run/systemd/system ]]; then
  fail "this machine does not run systemd (no /run/systemd/system): run StudyForge with './install.sh' in the foreground, or as a container (see the Dockerfile)."
fi
command -v useradd >/dev/null 2>&1 || fail "useradd is missing (Debian package 'passwd')."

bash scripts/build.sh

if ! id -u "$SERVICE_USER" >/dev/null 2>&1; then
  echo "Creating the system user $SERVICE_USER..."
  useradd --system --user-group --home-dir "$DATA_DIR" --no-create-home --shell /usr/sbin/nologin \
    --comment "StudyForge service" "$SERVICE_USER"
fi

install -d -o "$SERVICE_USER" -g "$SERVICE_USER" -m 0750 "$DATA_DIR"
chown "$SERVICE_USER:$SERVICE_USER" "$DATA_DIR"
chmod 0750 "$DATA_DIR"

install -d -o root -g "$SERVICE_USER" -m 0750 "$ENV_DIR"
if [[ -e $ENV_FILE ]]; then
  echo "Keeping the existing configuration $ENV_FILE."
else
  echo "Writing the configuration $ENV_FILE (edit it, then 'systemctl restart studyforge')..."
  tmp_env=$(mktemp)
  # The example's DATA_DIR=./data would point into the read-only app directory.
  sed -e "s|^DATA_DIR=.*|DATA_DIR=$DATA_DIR|" config/studyforge.example.env >"$tmp_env"
  install -o root -g "$SERVICE_USER" -m 0640 "$tmp_env" "$ENV_FILE"
  rm -f "$tmp_env"
fi

echo "Copying StudyForge to $APP_DIR..."
staging="$APP_DIR.new"
rm -rf "$staging"
mkdir -p "$staging/scripts"
cp -a package.json package-lock.json .npmrc node_modules dist src cli migrations config "$staging/"
cp -a scripts/build.sh "$staging/scripts/"
(cd "$staging" && bash scripts/build.sh prune)
chown -R root:root "$staging"
chmod -R go-w "$staging"
if [[ -e $APP_DIR ]]; then
  rm -rf "$APP_DIR.old"
  mv "$APP_DIR" "$APP_DIR.old"
fi
mv "$staging" "$APP_DIR"
rm -rf "$APP_DIR.old"

echo "Writing $UNIT_FILE..."
tmp_unit=$(mktemp)
APP_DIR=$APP_DIR SERVICE_USER=$SERVICE_USER ENV_FILE=$ENV_FILE UNIT_DATA_DIR=$DATA_DIR \
  bash "$checkout/scripts/service-unit.sh" >"$tmp_unit"
install -o root -g root -m 0644 "$tmp_unit" "$UNIT_FILE"
rm -f "$tmp_unit"
if command -v systemd-analyze >/dev/null 2>&1; then
  systemd-analyze verify "$UNIT_FILE"
fi

systemctl daemon-reload
systemctl enable studyforge.service
systemctl restart studyforge.service

port=$(sed -n 's/^PORT=\([0-9]*\).*/\1/p' "$ENV_FILE" | tail -n 1)
echo "StudyForge runs as studyforge.service on port ${port:-8080} (data in $DATA_DIR, configuration in $ENV_FILE)."
echo "  systemctl status studyforge     journalctl -u studyforge -f"
echo "  sudo -u $SERVICE_USER $APP_DIR/node_modules/node/bin/node $APP_DIR/cli/index.ts --config $ENV_FILE status"
