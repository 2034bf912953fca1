#!/usr/bin/env bash
# Installs what the tests need (dependencies; Debian's Chromium when /usr/bin/chromium is missing)
# and runs every test: lint, types, message catalogues, unit and component tests, server tests on
# PGlite and on PostgreSQL, the production build, and the end-to-end tests in Chromium.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT_DIR"
results="$ROOT_DIR/.test-results"
rm -rf "$results" && mkdir -p "$results"
started=$SECONDS

install_workspace
# the workspace's own tools, without npx's lookups and warnings
bin() { "$ROOT_DIR/node_modules/.bin/$1" "${@:2}"; }

if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium ]; then
  step "Installing Debian's Chromium for the browser tests"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"

step "Lint"
bin eslint --max-warnings=0 .

step "Type check (TypeScript strict, every package)"
for pkg in shared-api shared-i18n shared-ui shell mf-* server e2e; do
  [ -f "$pkg/tsconfig.json" ] && { echo "  $pkg"; bin tsc -p "$pkg/tsconfig.json"; }
done

step "Message catalogues complete in fi, sv and en"
pnpm_cmd --filter @portal/shared-i18n run check:messages

step "Generated GraphQL types match the messaging schema and operations"
pnpm_cmd --filter @portal/shared-api run check:codegen

step "Unit and component tests (jest)"
bin jest --ci --json --outputFile="$results/jest.json"

PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
server_tests() { # $1: name of the results file
  # Node 20's test runner does not expand globs itself.
  (cd server && node --import tsx --test --test-concurrency=1 \
    --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination="$results/$1.tap" $(find test -name '*.test.ts' | sort))
}
step "Server tests on PGlite"
(unset DATABASE_URL; server_tests server-pglite)

step "Server tests on PostgreSQL ($PG_URL)"
if ! node -e "const s=require('net').connect(new URL(process.argv[1]).port||5432,new URL(process.argv[1]).hostname);s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1))" "$PG_URL"; then
  echo "PostgreSQL is not reachable at $PG_URL. Start it, or point TEST_DATABASE_URL at one." >&2
  exit 1
fi
DATABASE_URL="$PG_URL" server_tests server-postgres

build_portal

step "End-to-end tests in Chromium against the built portal"
(cd e2e && ./node_modules/.bin/playwright test)

node scripts/test-summary.mjs "$results"
echo "whole run: $((SECONDS - started)) s"
