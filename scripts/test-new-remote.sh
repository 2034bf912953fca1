#!/usr/bin/env bash
# Tests `npm run new:remote` (scripts/new-remote.mjs) end to end, without touching this tree: in a
# temporary copy of the workspace's files (tracked and not ignored, as git sees them) it generates a
# remote with a front-page summary (--summary), links it with `pnpm install --offline --no-frozen-lockfile` (from the local store, no
# network; CI=true would otherwise freeze the lockfile the new remote must enter), then checks
# what a team would run first: the catalogues, the RouteId union, the type checks, its build, its
# jest tests (page and `./summary` parcel), its server tests over HTTP (its loader, its summary in
# the front page's state) and the test that runs every page loader; the build must expose
# `./summary`. The copy is
# removed at the end, also on failure.
#   bash scripts/test-new-remote.sh            (KEEP=1 keeps the copy and prints where it is)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT_DIR"
started=$SECONDS
name=generated-check
remote="mf-$name"

work="$(mktemp -d "${TMPDIR:-/tmp}/portal-new-remote-XXXXXX")"
cleanup() { if [ "${KEEP:-}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi; }
trap cleanup EXIT

phase() { printf '  %-62s' "$1"; }
done_in() { echo "$(($SECONDS - $1)) s"; }

git rev-parse --git-dir >/dev/null 2>&1 || { echo "test-new-remote.sh copies the files git lists: run it in a git checkout" >&2; exit 1; }
t=$SECONDS; phase "copying the workspace's files"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
  tar --null -T - -cf - | tar -xf - -C "$work"
done_in $t

t=$SECONDS; phase "npm run new:remote -- $remote --summary"
log="$work/.new-remote.log"
run() { "$@" >"$log" 2>&1 || { echo "FAILED: $*"; cat "$log"; exit 1; }; }
run node "$work/scripts/new-remote.mjs" "$remote" --summary --no-install
for f in "$remote/src/parcels/summary.tsx" "$remote/src/parcels/summary.test.tsx" "server/src/modules/$name/summary.ts" "server/test/$name-summary.test.ts"; do
  [ -f "$work/$f" ] || { echo "FAILED: --summary wrote no $f"; cat "$log"; exit 1; }
done
grep -q "'$remote': " "$work/shared-api/src/schemas/shell/states/front-page.ts" || { echo "FAILED: no '$remote' key in FrontPageState.summaries"; exit 1; }
grep -q "frontPageParcels: \['./summary'\]" <(grep -A4 "id: '$remote'" "$work/server/src/config/core.ts") || { echo "FAILED: the remotes manifest does not list $remote's ./summary"; exit 1; }
done_in $t

t=$SECONDS; phase "refusing the same name again"
if node "$work/scripts/new-remote.mjs" "$name" --no-install >"$log" 2>&1; then echo "FAILED: a second $name was created"; exit 1; fi
grep -q "exists already" "$log" || { echo "FAILED: no clear message"; cat "$log"; exit 1; }
if node "$work/scripts/new-remote.mjs" "Bad_Name" --no-install >"$log" 2>&1; then echo "FAILED: Bad_Name was accepted"; exit 1; fi
done_in $t

t=$SECONDS; phase "pnpm install --offline (links the new package)"
(cd "$work" && run pnpm_cmd install --offline --no-frozen-lockfile --reporter=append-only)
grep -q "^  $remote:" "$work/pnpm-lock.yaml" || { echo "FAILED: $remote is not in pnpm-lock.yaml"; exit 1; }
done_in $t

t=$SECONDS; phase "message catalogues (check:messages)"
(cd "$work" && run pnpm_cmd --filter @portal/shared-i18n run check:messages)
grep -q "$remote" "$log" || { echo "FAILED: the catalogue check did not find $remote"; cat "$log"; exit 1; }
done_in $t

t=$SECONDS; phase "RouteId union, schema maps and page map generated"
(cd "$work" && run node -e "
  const fs = require('fs'); const { generatedFiles, renderRouteIds } = require('./tooling/route-ids.cjs');
  for (const [file, content] of generatedFiles()) if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== content) { console.error(file + ' is out of date'); process.exit(1); }
  if (!renderRouteIds().includes(\"'$name.home'\")) { console.error('$name.home missing'); process.exit(1); }
  if (!fs.readFileSync('$remote/src/pages/index.ts', 'utf8').includes(\"'$name.home'\")) { console.error('$name.home missing in its page map'); process.exit(1); }")
done_in $t

# the build runs beside the type checks (they take the longest)
build_log="$work/.build.log"
(cd "$work" && pnpm_cmd --filter "@portal/$remote" run build >"$build_log" 2>&1; echo $? >"$build_log.rc") &
build_pid=$!

t=$SECONDS; phase "type check: $remote, server, e2e"
(cd "$work" && for pkg in "$remote" server e2e; do run node_modules/.bin/tsc -p "$pkg/tsconfig.json"; done)
done_in $t

t=$SECONDS; phase "build (pnpm --filter @portal/$remote run build)"
wait "$build_pid" || true
[ "$(cat "$build_log.rc" 2>/dev/null)" = 0 ] || { echo "FAILED: the build"; cat "$build_log"; exit 1; }
[ -f "$work/$remote/dist/mf-manifest.json" ] && [ -f "$work/$remote/dist/routes.json" ] || { echo "FAILED: no dist/mf-manifest.json or dist/routes.json"; exit 1; }
node -e "
  const m = require(process.argv[1]);
  const names = (m.exposes || []).map((e) => e.name || e.path);
  if (!names.some((n) => n === 'summary' || n === './summary')) { console.error('mf-manifest.json exposes ' + JSON.stringify(names) + ', no ./summary'); process.exit(1); }" \
  "$work/$remote/dist/mf-manifest.json" || { echo "FAILED: the build does not expose ./summary"; exit 1; }
node -e "if (typeof require(process.argv[1]).renderParcel !== 'function') process.exit(1)" "$work/$remote/dist/prerender/index.cjs" \
  || { echo "FAILED: the build has no pre-render bundle with renderParcel (dist/prerender/index.cjs)"; exit 1; }
echo "done"

t=$SECONDS; phase "jest: its page and summary parcel tests (root run's project)"
(cd "$work" && run node_modules/.bin/jest --ci --selectProjects "$remote")
grep -q "summary.test.tsx" "$log" || { echo "FAILED: the summary parcel's test did not run"; cat "$log"; exit 1; }
grep -q "prerender-summary.test.tsx" "$log" || { echo "FAILED: the pre-rendered summary's test did not run"; cat "$log"; exit 1; }
done_in $t

t=$SECONDS; phase "server: its loader and summary over HTTP, every loader's test"
(cd "$work/server" && unset DATABASE_URL && run node --import tsx --test --test-concurrency=1 "test/$name.test.ts" "test/$name-summary.test.ts" test/page-loaders.test.ts)
done_in $t

echo "  new:remote works: $(($SECONDS - started)) s in all"
