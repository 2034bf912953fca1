# Shared by the root scripts: the right Node.js and one pinned pnpm, whatever the machine has.
PNPM_VERSION=12.21.0
ROOT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Node.js: the range of package.json "engines", set by the lockfile's packages (@inquirer/* want
# ^22.22.2 || ^24.15.0 || >=26; cookie 2, content-disposition 3 and @whatwg-node/* want 22).
# Keep node_supported and NODE_RANGE in step with it.
NODE_RANGE='^22.22.2 || ^24.15.0 || >=26'
# A machine with an older Node.js (Node 20 reached its end of life on 30 April 2026) gets this
# Node 22 LTS from the npm registry: the node-<platform>-<arch> package ships the binary itself.
PROVIDED_NODE_VERSION=22.23.3

node_supported() { # $1: a version as `node --version` prints it, e.g. v22.23.3
  local major minor patch
  IFS=. read -r major minor patch <<<"${1#v}"
  patch="${patch%%[!0-9]*}"
  [[ "$major" =~ ^[0-9]+$ && "$minor" =~ ^[0-9]+$ && "$patch" =~ ^[0-9]+$ ]] || return 1
  case "$major" in
    22) ((minor > 22 || (minor == 22 && patch >= 2))) ;;
    24) ((minor >= 15)) ;;
    *) ((major >= 26)) ;;
  esac
}

node_platform() { # the npm registry's name for this machine's Node.js binary package
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) echo linux-x64 ;;
    Linux-aarch64 | Linux-arm64) echo linux-arm64 ;;
    Darwin-arm64) echo darwin-arm64 ;;
    Darwin-x86_64) echo darwin-x64 ;;
    *) return 1 ;;
  esac
}

# Downloads node-$1@$PROVIDED_NODE_VERSION into $2 (bin/node, include/ for native builds); the
# tarball's integrity is checked by npm, the binary's version here. Concurrent runs each unpack
# into their own folder and the first to finish moves it into place.
fetch_node() {
  local platform="$1" dir="$2" tmp
  command -v npm >/dev/null 2>&1 || return 1
  mkdir -p "$ROOT_DIR/.cache/node"
  tmp="$(mktemp -d "$ROOT_DIR/.cache/node/.fetch-XXXXXX")" || return 1
  if (cd "$tmp" && npm pack --loglevel=error "node-$platform@$PROVIDED_NODE_VERSION" >/dev/null) &&
    tar -xzf "$tmp/node-$platform-$PROVIDED_NODE_VERSION.tgz" -C "$tmp" &&
    [ "$("$tmp/package/bin/node" --version 2>/dev/null)" = "v$PROVIDED_NODE_VERSION" ]; then
    rm -rf "$dir"
    mv -T "$tmp/package" "$dir" 2>/dev/null || true # another run may have moved its copy first
  fi
  rm -rf "$tmp"
}

# Puts a supported Node.js first on PATH for this script and every child process: the machine's
# when it is in NODE_RANGE, otherwise the provided one (fetched once, kept in .cache/node/).
use_supported_node() {
  local have platform dir
  have="$(node --version 2>/dev/null || true)"
  node_supported "$have" && return 0
  if platform="$(node_platform)"; then
    dir="$ROOT_DIR/.cache/node/v$PROVIDED_NODE_VERSION-$platform"
    if [ "$("$dir/bin/node" --version 2>/dev/null)" != "v$PROVIDED_NODE_VERSION" ]; then
      printf '\n\033[1m== %s\033[0m\n' "Fetching Node.js $PROVIDED_NODE_VERSION LTS from the npm registry (node-$platform): this machine has ${have:-no Node.js}, this project needs $NODE_RANGE" >&2
      fetch_node "$platform" "$dir"
    fi
    if [ "$("$dir/bin/node" --version 2>/dev/null)" = "v$PROVIDED_NODE_VERSION" ]; then
      export PATH="$dir/bin:$PATH" NODE="$dir/bin/node" npm_node_execpath="$dir/bin/node"
      hash -r
      echo "Using Node.js v$PROVIDED_NODE_VERSION from .cache/node/ (this machine has ${have:-no Node.js}; the project needs $NODE_RANGE)" >&2
      return 0
    fi
  fi
  cat >&2 <<MSG
This project needs Node.js $NODE_RANGE (Node.js 22 LTS or 24 LTS); this machine has ${have:-no Node.js}.
Providing Node.js $PROVIDED_NODE_VERSION from the npm registry (package node-${platform:-<platform>}) did not work here.
Install Node.js 22 LTS (https://nodejs.org) and run the command again.
MSG
  exit 1
}
use_supported_node

pnpm_cmd() {
  if command -v pnpm >/dev/null 2>&1 && [ "$(pnpm --version 2>/dev/null)" = "$PNPM_VERSION" ]; then
    pnpm "$@"
  else
    npx --yes "pnpm@$PNPM_VERSION" "$@"
  fi
}

# Each step's heading; with STEP_TIMES set to a file, the previous step's seconds go there as
# "<seconds>\t<name>" lines (npm test prints them at the end: which step to make faster).
step() {
  step_finished
  _step_name="$*" _step_started=$SECONDS
  printf '\n\033[1m== %s\033[0m\n' "$*"
}
step_finished() {
  if [ -n "${STEP_TIMES:-}" ] && [ -n "${_step_name:-}" ]; then
    printf '%s\t%s\n' "$((SECONDS - _step_started))" "$_step_name" >>"$STEP_TIMES"
  fi
  _step_name=""
}

install_workspace() {
  step "Installing dependencies (pnpm $PNPM_VERSION, Node.js $(node --version))"
  # pipefail (set by every script) makes a failing install fail the command; grep may print nothing
  (cd "$ROOT_DIR" && pnpm_cmd install --frozen-lockfile --reporter=append-only) | { grep -v -E '^Progress:' || true; }
  [ -d "$ROOT_DIR/node_modules/.pnpm" ] || { echo "pnpm install failed" >&2; exit 1; }
}

build_portal() {
  step "Building the server, the shell and every remote (production)"
  (cd "$ROOT_DIR" && pnpm_cmd -r --workspace-concurrency=2 --filter @portal/server --filter @portal/shell --filter './mf-*' run build)
}
