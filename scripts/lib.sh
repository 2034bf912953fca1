# Shared by the root scripts: one pinned pnpm, whether or not it is installed globally.
PNPM_VERSION=12.21.0
ROOT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

pnpm_cmd() {
  if command -v pnpm >/dev/null 2>&1 && [ "$(pnpm --version 2>/dev/null)" = "$PNPM_VERSION" ]; then
    pnpm "$@"
  else
    npx --yes "pnpm@$PNPM_VERSION" "$@"
  fi
}

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

install_workspace() {
  step "Installing dependencies (pnpm $PNPM_VERSION)"
  (cd "$ROOT_DIR" && pnpm_cmd install --frozen-lockfile --reporter=append-only) | grep -v -E '^Progress:' || true
  [ -d "$ROOT_DIR/node_modules/.pnpm" ] || { echo "pnpm install failed" >&2; exit 1; }
}

build_portal() {
  step "Building the server, the shell and every remote (production)"
  (cd "$ROOT_DIR" && pnpm_cmd -r --workspace-concurrency=2 --filter @portal/server --filter @portal/shell --filter './mf-*' run build)
}
