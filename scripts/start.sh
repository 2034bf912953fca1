#!/usr/bin/env bash
# Installs, builds in production mode and starts the whole portal with its embedded database
# (PGlite in .data/, DATA_DIR overrides) seeded with the demo world, on PORT (default 8080).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT_DIR"
install_workspace
build_portal
step "Starting the portal"
export NODE_ENV=production
export LOG_LEVEL="${LOG_LEVEL:-warn}"  # a quiet terminal; deployments choose their own level
# server/node-flags: V8's young generation sized for a server (the README's Performance section)
# shellcheck disable=SC2046
exec node $(cat server/node-flags) server/dist/main.js
