import type { RouteDefinitionInput } from '@portal/shared-api';

/**
 * A copy of shell/routes.json, used only when neither shell/dist/routes.json nor shell/routes.json
 * can be read (tests without a build). The shell's file is the source of truth.
 */
export const builtInShellRoutes: RouteDefinitionInput[] = [
  {
    id: 'front-page',
    paths: { fi: '', sv: '', en: '' },
    kind: 'logged-in',
    menu: { group: 'main', order: 0, labelId: 'shell.menu.home' },
  },
  {
    id: 'login',
    paths: { fi: 'kirjaudu', sv: 'logga-in', en: 'login' },
    kind: 'anonymous',
    layout: { menu: false, footer: true, fullWidth: false },
  },
  {
    id: 'landing',
    paths: { fi: 'asiointipolku', sv: 'transaktionsbana', en: 'transaction-path' },
    kind: 'anonymous',
    brands: ['children'],
    layout: { menu: false, footer: false, fullWidth: false },
  },
  {
    id: 'expired-session',
    paths: { fi: 'katkennut-istunto', sv: 'utgatt-session', en: 'expired-session' },
    kind: 'expired-session',
    layout: { menu: false, footer: false, fullWidth: false },
  },
  {
    id: 'terms',
    paths: { fi: 'eula', sv: 'eula', en: 'eula' },
    kind: 'anonymous',
    layout: { menu: true, footer: true, fullWidth: false },
  },
];
