// The account remote's pre-render bundle (tooling/prerender-webpack.cjs): its anonymous pages as
// static HTML for the server's response, by the same components the remote's ./app mounts.
import { accountPageStates } from '@portal/shared-api';
import { createRemotePrerenderer } from '@portal/shared-ui/prerender';
import en from '../messages/en.json';
import fi from '../messages/fi.json';
import sv from '../messages/sv.json';
import { NewCustomerPage } from './pages/new-customer/NewCustomerPage';

export const render = createRemotePrerenderer({
  remoteId: 'mf-account',
  messages: { fi, sv, en },
  pageStates: accountPageStates,
  pages: { 'account.new-customer': NewCustomerPage },
});

/**
 * The new customer page's log-out button works only with the page's code, so its server HTML is
 * not the whole page: the shell boots at once there instead of waiting for the visitor
 * (tooling/prerender-entry.cjs, shell/src/deferred-boot.ts), and a click on it is not lost.
 */
export function needsScriptAtOnce(): boolean {
  return true;
}
