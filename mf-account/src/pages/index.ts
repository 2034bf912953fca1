import { lazyPage, type RemotePageMap } from '@portal/shared-ui';

/**
 * Route id (routes.json) → page, each its own chunk fetched when its route is first shown (lazyPage);
 * a route id's folder is found from its name.
 */
export const pages: RemotePageMap = {
  'account.registration': lazyPage(() => import('./registration/RegistrationPage').then((m) => m.RegistrationPage)),
  'account.welcome': lazyPage(() => import('./welcome/WelcomePage').then((m) => m.WelcomePage)),
  'account.new-customer': lazyPage(() => import('./new-customer/NewCustomerPage').then((m) => m.NewCustomerPage)),
  'account.my-information': lazyPage(() => import('./my-information/MyInformationPage').then((m) => m.MyInformationPage)),
  'account.data-processing': lazyPage(() => import('./data-processing/DataProcessingPage').then((m) => m.DataProcessingPage)),
  'account.team': lazyPage(() => import('./team/TeamPage').then((m) => m.TeamPage)),
  'account.sickness-fund': lazyPage(() => import('./sickness-fund/SicknessFundPage').then((m) => m.SicknessFundPage)),
  'account.pikkutsatti': lazyPage(() => import('./pikkutsatti/PikkutsattiPage').then((m) => m.PikkutsattiPage)),
  'account.pikkutsatti-anonymous': lazyPage(() => import('./pikkutsatti/PikkutsattiPage').then((m) => m.PikkutsattiAnonymousPage)),
  'account.help': lazyPage(() => import('./help/HelpPage').then((m) => m.HelpPage)),
  'account.data-access': lazyPage(() => import('./data-access/DataAccessPage').then((m) => m.DataAccessPage)),
  'account.sms-login': lazyPage(() => import('./sms-login/SmsLoginPage').then((m) => m.SmsLoginPage)),
};
