#!/usr/bin/env bash
# A feature team's loop: serve one remote with hot reload and print the link that makes the
# running portal use it. The portal must allow overrides: `ALLOW_REMOTE_OVERRIDES=true npm start`
# (npm start runs the production environment, which refuses them otherwise) or `npm run dev`.
#   npm run dev:remote -- mf-records [portal-url]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
remote="${1:-}"
portal="${2:-http://localhost:${PORT:-8080}}"
if [ -z "$remote" ] || [ ! -f "$ROOT_DIR/$remote/webpack.config.cjs" ]; then
  echo "usage: npm run dev:remote -- <remote folder, e.g. mf-records> [portal url]" >&2
  echo "remotes: $(cd "$ROOT_DIR" && ls -d mf-*/ 2>/dev/null | tr -d / | tr '\n' ' ')" >&2
  exit 2
fi
port=$(node -e "const c=require('$ROOT_DIR/$remote/webpack.config.cjs')({}, {mode:'development'}); console.log(c.devServer.port)")
manifest="http://127.0.0.1:$port/mf-manifest.json"
cat <<MSG

  $remote is served with hot reload at http://127.0.0.1:$port/
  Open the portal with this remote in place of the deployed one:

    $portal/fi?mf-override=$remote=$manifest

  The portal shows a "Reset overrides" control while the override is active
  (or open $portal/fi?mf-override-reset). It must allow overrides: start it with
  ALLOW_REMOTE_OVERRIDES=true npm start   (or npm run dev).

MSG
cd "$ROOT_DIR/$remote"
exec npx webpack serve --mode development
