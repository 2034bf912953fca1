import type { PageStateImports } from '../pages/page-state-imports';
import type { accountPageStates } from './page-states';

/**
 * accountPageStates, each schema imported when its route is first shown: the remote's browser bundle
 * constructs only the schemas of the pages the visitor opens (page-state-imports.test.ts checks
 * that every entry gives the same schema as accountPageStates).
 */
export const accountPageStateImports = {
  'account.registration': () => import('./registration').then((m) => m.registrationPageStateSchema),
  'account.welcome': () => import('./registration').then((m) => m.registrationPageStateSchema),
  'account.data-access': () => import('./data-access').then((m) => m.dataAccessPageStateSchema),
  'account.sms-login': () => import('./sms-login').then((m) => m.smsLoginPageStateSchema),
  'account.team': () => import('./team').then((m) => m.teamPageStateSchema),
  'account.sickness-fund': () => import('./static-pages').then((m) => m.sicknessFundPageStateSchema),
  'account.pikkutsatti': () => import('./static-pages').then((m) => m.pikkutsattiPageStateSchema),
  'account.pikkutsatti-anonymous': () => import('./static-pages').then((m) => m.pikkutsattiPageStateSchema),
  'account.help': () => import('./static-pages').then((m) => m.helpPageStateSchema),
  'account.my-information': () => import('./profile').then((m) => m.myInformationPageStateSchema),
  'account.data-processing': () => import('./profile').then((m) => m.dataProcessingPageStateSchema),
} as const satisfies PageStateImports<keyof typeof accountPageStates>;
