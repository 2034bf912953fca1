import { usePageState } from '@portal/shared-ui';

/** The SMS code login page's state: whether the expired session may come back with an SMS code. */
export function useSmsLoginPage() {
  return usePageState('account.sms-login');
}
