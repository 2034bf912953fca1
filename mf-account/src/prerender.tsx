// The account remote's pre-render bundle (tooling/prerender-webpack.cjs): its anonymous pages as
// static HTML for the server's response, by the same components the remote's ./app mounts.
import { accountPageStates } from '@portal/shared-api';
import { createRemotePrerenderer } from '@portal/shared-ui/prerender';
import en from '../messages/en.json';
import fi from '../messages/fi.json';
import sv from '../messages/sv.json';
import { MyInformationPage } from './pages/my-information/MyInformationPage';
import { NewCustomerPage } from './pages/new-customer/NewCustomerPage';

export const render = createRemotePrerenderer({
  remoteId: 'mf-account',
  messages: { fi, sv, en },
  pageStates: accountPageStates,
  // The new customer page's log-out is a form the server handles (POST /api/logout, 303 to the
  // login page), so its server HTML is the whole page and the shell's code may wait for the visitor.
  // My information is signed in: the server's HTML is its first paint (issue 31), its forms work once
  // the shell has started, right after that paint.
  pages: { 'account.new-customer': NewCustomerPage, 'account.my-information': MyInformationPage },
});

