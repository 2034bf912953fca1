#!/usr/bin/env bash
# The whole portal in development mode: the server restarts on change (tsx watch) and the shell
# and every remote rebuild on change (webpack --watch). For one remote with hot reload against a
# running portal, use `npm run dev:remote -- <remote>` instead.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT_DIR"
install_workspace
trap 'kill 0' EXIT INT TERM
for pkg in shell mf-*; do
  (cd "$pkg" && "$ROOT_DIR/node_modules/.bin/webpack" --watch --mode development) &
done
sleep 5 # the first builds write dist/ before the server reads routes.json and index.html
(cd server && DEMO=true "$ROOT_DIR/node_modules/.bin/tsx" watch src/main.ts) &
wait
