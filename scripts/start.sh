#!/usr/bin/env bash
# Installs, builds in production mode and starts the whole portal with its embedded database
# (PGlite in .data/, DATA_DIR overrides) seeded with the demo world, on PORT (default 8080).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT_DIR"
install_workspace
step "Checking that no other portal holds the embedded database"
# before the build: a running portal serves this checkout's bundles, which the build would rewrite
"$ROOT_DIR/node_modules/.bin/tsx" server/src/cli/check-data-dir.ts # from the root, as DATA_DIR is read below
build_portal
step "Starting the portal"
export NODE_ENV=production
# The demo world (seeded personas, test identity broker, insurers, payment provider, SMS outbox)
# runs only under this switch; the start-up banner lists each stand-in.
export DEMO=true
export LOG_LEVEL="${LOG_LEVEL:-warn}"  # a quiet terminal; deployments choose their own level
# One process and no load balancer to tell: Ctrl+C stops at once (a deployment keeps the 5 s drain,
# docs/operations.md).
export SHUTDOWN_DRAIN_DELAY_MS="${SHUTDOWN_DRAIN_DELAY_MS:-0}"
# server/node-flags: V8's young generation sized for a server (docs/performance.md, "Messaging").
# server/dist/instrument.js starts OpenTelemetry tracing first when OTEL_EXPORTER_OTLP_ENDPOINT is
# set, and does nothing otherwise (docs/operations-traces.md).
# shellcheck disable=SC2046
exec node $(cat server/node-flags) --import ./server/dist/instrument.js server/dist/main.js
