#!/usr/bin/env bash
# The pinned pnpm, for the root package.json scripts (a fresh machine has no global pnpm).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT_DIR"
pnpm_cmd "$@"
