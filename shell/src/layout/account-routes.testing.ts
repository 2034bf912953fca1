import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { composedRouteSchema, type Lang, type RouteTable } from '@portal/shared-api';

const ACCOUNT_DIR = join(__dirname, '..', '..', '..', 'mf-account');
const LANGS: readonly Lang[] = ['fi', 'sv', 'en'];

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(join(ACCOUNT_DIR, file), 'utf8'));
}

/**
 * mf-account's real routes.json with each menu label resolved from its catalogues, as its build emits
 * dist/routes.json (tooling/routes-plugin.cjs) and the server composes it: so the shell's tests break
 * when the account remote renames a page the header or the menu points at.
 */
export function accountRoutes(): RouteTable {
  const catalogues = Object.fromEntries(LANGS.map((lang) => [lang, readJson(`messages/${lang}.json`) as Record<string, string>]));
  const routes = readJson('routes.json') as { menu?: { labelId: string } }[];
  return routes.map((route) => {
    const menu = route.menu;
    const label = menu ? Object.fromEntries(LANGS.map((lang) => [lang, catalogues[lang]?.[menu.labelId]])) : undefined;
    return composedRouteSchema.parse({ ...route, ...(menu ? { menu: { ...menu, label } } : {}), owner: 'mf-account' });
  });
}
