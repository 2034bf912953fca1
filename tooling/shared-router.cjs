// The page's one shared react-router-dom is a slim module (tooling/webpack.cjs shares it; see its
// SLIM_SHARED): where it is and the names it exports, read once for the build, the lint rule that
// allows importing only those names, and the test that checks them against every import.
const fs = require('node:fs');
const path = require('node:path');

const SHARED_ROUTER_MODULE = path.resolve(__dirname, '..', 'shared-ui', 'src', 'react-router-dom.shared.ts');

/** The names the slim module re-exports from react-router (its one `export { … } from 'react-router'`). */
function sharedRouterNames() {
  const list = /export \{([^}]+)\} from 'react-router';/.exec(fs.readFileSync(SHARED_ROUTER_MODULE, 'utf8'))?.[1];
  if (!list) throw new Error(`${SHARED_ROUTER_MODULE}: no \`export { … } from 'react-router'\` to read the shared router names from`);
  return list.split(',').map((name) => name.trim()).filter(Boolean);
}

module.exports = { SHARED_ROUTER_MODULE, sharedRouterNames };
