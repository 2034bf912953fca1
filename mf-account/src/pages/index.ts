import type { RemotePageMap } from '@portal/shared-ui';
import { NewCustomerPage } from './new-customer/NewCustomerPage';
import { RegistrationPage } from './registration/RegistrationPage';
import { WelcomePage } from './welcome/WelcomePage';
import { DataProcessingPage } from './data-processing/DataProcessingPage';
import { MyInformationPage } from './my-information/MyInformationPage';
import { HelpPage } from './help/HelpPage';
import { PikkutsattiAnonymousPage, PikkutsattiPage } from './pikkutsatti/PikkutsattiPage';
import { SicknessFundPage } from './sickness-fund/SicknessFundPage';
import { TeamPage } from './team/TeamPage';
import { DataAccessPage } from './data-access/DataAccessPage';
import { SmsLoginPage } from './sms-login/SmsLoginPage';

/** Route id (routes.json) → page component; a route id's folder is found from its name. */
export const pages: RemotePageMap = {
  'account.registration': RegistrationPage,
  'account.welcome': WelcomePage,
  'account.new-customer': NewCustomerPage,
  'account.my-information': MyInformationPage,
  'account.data-processing': DataProcessingPage,
  'account.team': TeamPage,
  'account.sickness-fund': SicknessFundPage,
  'account.pikkutsatti': PikkutsattiPage,
  'account.pikkutsatti-anonymous': PikkutsattiAnonymousPage,
  'account.help': HelpPage,
  'account.data-access': DataAccessPage,
  'account.sms-login': SmsLoginPage,
};
