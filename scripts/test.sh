#!/usr/bin/env bash
# Installs what the tests need (dependencies; Debian's Chromium, nginx, HAProxy and Redis when missing)
# and runs every test: lint, types, message catalogues, unit and component tests, the new-remote
# generator (scripts/test-new-remote.sh), server tests on PGlite and on PostgreSQL, the production
# build, and the end-to-end tests in Chromium.
# PostgreSQL: TEST_DATABASE_URL, else the one on 127.0.0.1:5432, else (or with
# TEST_EMBEDDED_POSTGRES=1) a throw-away one from the embedded-postgres package, stopped and removed
# at the end, also on failure or Ctrl+C.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT_DIR"
results="$ROOT_DIR/.test-results"
rm -rf "$results" && mkdir -p "$results"
started=$SECONDS
export STEP_TIMES="$results/steps.tsv"

install_workspace
# the workspace's own tools, without npx's lookups and warnings
bin() { "$ROOT_DIR/node_modules/.bin/$1" "${@:2}"; }

# Chromium for the browser tests; nginx as a feature team's static origin in the deploy e2e test
debian_packages=()
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium ]; then debian_packages+=(chromium); fi
if [ -z "${NGINX_PATH:-}" ] && [ ! -x /usr/sbin/nginx ]; then debian_packages+=(nginx-light); fi
# HAProxy for the cluster test (server/test/cluster.test.ts: instances behind a real load balancer)
if [ ! -x /usr/sbin/haproxy ]; then debian_packages+=(haproxy); fi
# Redis for the shared counters' tests: TEST_REDIS_URL, else the one on 127.0.0.1:6379, else one of
# Debian's redis-server that this script starts on a free port (below)
if [ -z "${TEST_REDIS_URL:-}" ] && [ ! -x /usr/bin/redis-server ] \
  && ! node -e "require('net').connect(6379,'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))"; then
  debian_packages+=(redis-server)
fi
if [ "${#debian_packages[@]}" -gt 0 ]; then
  step "Installing Debian's ${debian_packages[*]} for the tests"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${debian_packages[@]}" >/dev/null
fi
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
export NGINX_PATH="${NGINX_PATH:-/usr/sbin/nginx}"

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
# Jest's default is one worker on a two-core machine (cores - 1); its parent process mostly waits.
bin jest --ci --maxWorkers=2 --json --outputFile="$results/jest.json"

step "A new remote in one step (npm run new:remote, in a temporary copy of the workspace)"
bash scripts/test-new-remote.sh

PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
server_tests() { # $1: name of the results file
  # the test files are listed, not globbed: the same command on any Node
  (cd server && node --import tsx --test --test-concurrency=1 \
    --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination="$results/$1.tap" $(find test -name '*.test.ts' | sort))
}
reachable() { # $1: a postgres:// URL; true when something accepts a TCP connection at its host and port
  node -e "const u=new URL(process.argv[1]);const s=require('net').connect(u.port||5432,u.hostname);s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1))" "$1"
}
embedded_pg_pid=""
start_embedded_postgres() { # sets PG_URL; scripts/embedded-postgres.mjs says what it runs
  local url_file="$results/embedded-postgres.url"
  node scripts/embedded-postgres.mjs --url-file "$url_file" --log-file "$results/embedded-postgres.log" >/dev/null &
  embedded_pg_pid=$!
  for _ in $(seq 1 1200); do # initdb and start take seconds; allow a minute on a busy machine
    if [ -s "$url_file" ]; then PG_URL="$(cat "$url_file")"; return 0; fi
    kill -0 "$embedded_pg_pid" 2>/dev/null || break
    sleep 0.05
  done
  echo "The embedded PostgreSQL did not start: see $results/embedded-postgres.log" >&2
  exit 1
}
own_redis_pid="" own_redis_dir=""
start_own_redis() { # sets TEST_REDIS_URL: Debian's redis-server on a free port, nothing kept on disk
  local port
  port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
  own_redis_dir="$(mktemp -d)"
  redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$own_redis_dir" >"$results/redis.log" 2>&1 &
  own_redis_pid=$!
  export TEST_REDIS_URL="redis://127.0.0.1:$port"
  for _ in $(seq 1 200); do
    if reachable "$TEST_REDIS_URL"; then return 0; fi
    sleep 0.05
  done
  echo "Redis did not start: see $results/redis.log" >&2
  exit 1
}
stop_own_redis() {
  [ -n "$own_redis_pid" ] || return 0
  kill -TERM "$own_redis_pid" 2>/dev/null || true
  wait "$own_redis_pid" 2>/dev/null || true
  rm -rf "$own_redis_dir"
  own_redis_pid=""
}
stop_embedded_postgres() { # stops it and removes its data folder (it also does so if this script dies)
  [ -n "$embedded_pg_pid" ] || return 0
  kill -TERM "$embedded_pg_pid" 2>/dev/null || true
  wait "$embedded_pg_pid" 2>/dev/null || true
  embedded_pg_pid=""
}
kill_tree() { # $1: a process id; its descendants first, then itself
  local child
  for child in $(pgrep -P "$1" 2>/dev/null); do kill_tree "$child"; done
  kill -TERM "$1" 2>/dev/null || true
}
# On any exit: suites still running in the background (and their test processes) end too, then
# the embedded PostgreSQL.
trap 'for job in $(jobs -p); do kill_tree "$job"; done; stop_embedded_postgres; stop_own_redis' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

step "Building the server (its tests start the built entry points too: dist/instrument.js, dist/main.js)"
(cd "$ROOT_DIR" && pnpm_cmd --filter @portal/server run build) | { grep -v -E '^\s*$' || true; }

step "Server tests on PGlite and on PostgreSQL, side by side"
# Each suite runs its files one at a time in one Node.js process, so one suite keeps one core busy:
# the two run at once (each on its own databases) and their output follows when both have ended.
if [ "${TEST_EMBEDDED_POSTGRES:-}" = 1 ]; then
  echo "TEST_EMBEDDED_POSTGRES=1: on a throw-away PostgreSQL from the embedded-postgres package"
  start_embedded_postgres
elif [ -z "${TEST_DATABASE_URL:-}" ] && ! reachable "$PG_URL"; then
  echo "Nothing listens on 127.0.0.1:5432 and TEST_DATABASE_URL is unset: on a throw-away PostgreSQL from the embedded-postgres package"
  start_embedded_postgres
elif ! reachable "$PG_URL"; then
  echo "PostgreSQL is not reachable at $PG_URL (TEST_DATABASE_URL). Start it, or unset TEST_DATABASE_URL for a throw-away one." >&2
  exit 1
fi
if [ -n "${TEST_REDIS_URL:-}" ]; then :
elif reachable "redis://127.0.0.1:6379"; then export TEST_REDIS_URL="redis://127.0.0.1:6379"
else start_own_redis
fi
echo "on PGlite, and on PostgreSQL at DATABASE_URL=$PG_URL; Redis at $TEST_REDIS_URL; the output is in .test-results/server-*.log"
(unset DATABASE_URL; server_tests server-pglite >"$results/server-pglite.log" 2>&1) &
pglite_pid=$!
(DATABASE_URL="$PG_URL" server_tests server-postgres >"$results/server-postgres.log" 2>&1) &
postgres_pid=$!
pglite_status=0 postgres_status=0
wait "$pglite_pid" || pglite_status=$?
wait "$postgres_pid" || postgres_status=$?
stop_embedded_postgres
stop_own_redis
for db in pglite postgres; do
  printf '\n\033[1m-- on %s\033[0m\n' "$db"
  cat "$results/server-$db.log"
done
for db in pglite postgres; do
  # the logs above are long and a CI page keeps only their tail: name the failing tests last
  if grep -q '^ *not ok' "$results/server-$db.tap" 2>/dev/null; then
    printf '\n\033[1m-- failing on %s (from .test-results/server-%s.tap)\033[0m\n' "$db" "$db"
    grep -A10 -E '^ *not ok' "$results/server-$db.tap" | head -80
  fi
done
[ "$pglite_status" = 0 ] || { echo "The server tests on PGlite failed (exit $pglite_status)" >&2; exit 1; }
[ "$postgres_status" = 0 ] || { echo "The server tests on PostgreSQL failed (exit $postgres_status)" >&2; exit 1; }

build_portal

step "Deploying a remote: deploy:remote, rollback:remote, canary:remote, remotes (scripts/deploy/test)"
# after the build: one test deploys the real mf-booking build with --no-build
node --test --test-concurrency=1 --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination="$results/deploy.tap" $(find scripts/deploy/test -name '*.test.mjs' | sort)

step "End-to-end tests in Chromium against the built portal"
(cd e2e && ./node_modules/.bin/playwright test)

step_finished
node scripts/test-summary.mjs "$results"
echo "whole run: $((SECONDS - started)) s"
