import type { RouteTable } from '@portal/shared-api';
import { fetchRouteTable, readInitialState } from './app/initial-state';
import { renderStaticError } from './app/static-error';

const ROOT_ID = 'portal-root';

/**
 * The shell's start-up in two tasks (issue 15: one task of 180–250 ms at 4x CPU on every page, long
 * enough to hold up a tap): here zod and the initial state's schemas are evaluated and the state is
 * read, and the route table is fetched; the rest of the shell (React DOM, the layout, the clients,
 * single-spa) is evaluated when its chunk arrives, a task of its own. The server preloads both (the build's boot-files.json names the
 * `start` chunk with the start-up files), so the split costs no round trip.
 */
async function boot(): Promise<void> {
  const root = document.getElementById(ROOT_ID);
  if (!root) throw new Error(`#${ROOT_ID} is missing from index.html`);
  const initial = readInitialState();
  if (!initial.ok) {
    console.error('[portal] invalid initial state', initial.error);
    renderStaticError(root);
    return;
  }
  // the route table (not in the page, issue 31) comes beside the start chunk
  const startChunk = import(/* webpackChunkName: "start" */ './start');
  let routes: RouteTable;
  try {
    routes = await fetchRouteTable();
  } catch (error) {
    console.error('[portal] the route table could not be read', error);
    renderStaticError(root);
    return;
  }
  const { start } = await startChunk;
  await start(root, { ...initial.state, routes });
}

void boot();
