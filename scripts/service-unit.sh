#!/usr/bin/env bash
# Prints StudyForge's systemd unit (scripts/studyforge.service.template filled in) on stdout.
# Needs no root and changes nothing, so tests and `./install.sh --print-unit` can run it anywhere.
#
#   APP_DIR       where StudyForge is installed        (default /opt/studyforge)
#   SERVICE_USER  the system user it runs as           (default studyforge)
#   ENV_FILE      its configuration                    (default /etc/studyforge/studyforge.env)
#   UNIT_DATA_DIR its data directory, under /var/lib/  (default /var/lib/studyforge)
set -euo pipefail
template="$(dirname "$0")/studyforge.service.template"
app_dir=${APP_DIR:-/opt/studyforge}
user=${SERVICE_USER:-studyforge}
env_file=${ENV_FILE:-/etc/studyforge/studyforge.env}
data_dir=${UNIT_DATA_DIR:-/var/lib/studyforge}

fail() { echo "scripts/service-unit.sh: $*" >&2; exit 2; }
for value in "$app_dir" "$env_file" "$data_dir"; do
  [[ $value == /* ]] || fail "'$value' must be an absolute path"
  [[ $value =~ ^[A-Za-z0-9._/+-]+$ ]] || fail "'$value': use letters, digits and . _ / + - only (systemd splits on spaces)"
done
[[ $user =~ ^[a-z_][a-z0-9_-]*$ ]] || fail "'$user' is not a valid user name"
# StateDirectory= takes a path relative to /var/lib; systemd creates it owned by the service user.
[[ $data_dir == /var/lib/?* ]] || fail "the data directory must be under /var/lib (StateDirectory=), got '$data_dir'"
state_dir=${data_dir#/var/lib/}

sed -e "s|@APP_DIR@|$app_dir|g" -e "s|@USER@|$user|g" -e "s|@ENV_FILE@|$env_file|g" \
  -e "s|@DATA_DIR@|$data_dir|g" -e "s|@STATE_DIR@|$state_dir|g" "$template"
