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

if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium ]; then
  step "Installing Debian's Chromium for the browser tests"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"

step "Lint"
npx eslint --max-warnings=0 .

step "Type check (TypeScript strict, every package)"
for pkg in shared-api shared-i18n shared-ui shell mf-* server e2e; do
  [ -f "$pkg/tsconfig.json" ] && { echo "  $pkg"; npx tsc -p "$pkg/tsconfig.json"; }
done

step "Message catalogues complete in fi, sv and en"
pnpm_cmd --filter @portal/shared-i18n run check:messages

step "Unit and component tests (jest)"
npx jest --ci --json --outputFile="$results/jest.json"

PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
step "Server tests on PGlite"
(cd server && node --import tsx --test --test-concurrency=1 \
  --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination="$results/server-pglite.tap" 'test/**/*.test.ts')

step "Server tests on PostgreSQL ($PG_URL)"
(cd server && DATABASE_URL="$PG_URL" node --import tsx --test --test-concurrency=1 \
  --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination="$results/server-postgres.tap" 'test/**/*.test.ts')

build_portal

step "End-to-end tests in Chromium against the built portal"
(cd e2e && npx playwright test)

node scripts/test-summary.mjs "$results"
echo "whole run: $((SECONDS - started)) s"
