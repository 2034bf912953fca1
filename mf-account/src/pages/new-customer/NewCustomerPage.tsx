import { useState } from 'react';
import { useIntl } from 'react-intl';
import { logoutResponseSchema, toApiFailure, failureMessageId, type Lang } from '@portal/shared-api';
import { Alert, Button, PageHeading, useApiClient, useShell } from '@portal/shared-ui';
import { bookingHref } from '../../components/registration/BookingLink';
import { pageLoad } from './page-load';
import styles from './NewCustomerPage.module.css';

/** tel: link of a phone number as configured ('010 555 0130' → 'tel:0105550130'). */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The tag of this process's error reports. */
const LOGOUT_PROCESS = 'account-new-customer-logout';

/**
 * Where the log-out form posts without JavaScript: the server's log-out route, which ends the session
 * and sends the browser on to the login page in `lang`. A signed-in visitor's form carries the
 * session's csrfToken where every state change carries it (the query); the route refuses it without.
 */
function logOutFormAction(csrfToken: string | null, lang: Lang): string {
  const query = new URLSearchParams(csrfToken ? { csrfToken, lang } : { lang });
  return `/api/logout?${query.toString()}`;
}

/**
 * account.new-customer (spec part 2 §2.2: new-customer, uusi-asiakas, ny-kund; anonymous, no menu
 * or footer): the welcome text for customers with no events, links to book online or to call the
 * brand's customer service (configuration), and a log-out button that ends the session when there
 * is one and then goes to the login page. The button submits a form the server handles too, so it
 * works in the pre-rendered page before (or without) the script; the script takes the submit over.
 */
export function NewCustomerPage() {
  const intl = useIntl();
  const shell = useShell();
  const api = useApiClient();
  const [loggingOut, setLoggingOut] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const phone = shell.config.customerServicePhone;
  // The shell's login page; the language root (which signs in again) where a composition has none.
  const loginHref = shell.hasRoute('login') ? shell.href('login') : `/${shell.lang}`;

  const logOut = async () => {
    setFailure(null);
    setLoggingOut(true);
    try {
      // Only a signed-in visitor has a session to end; the anonymous one just goes to the login page.
      if (shell.user) await api.post('/api/logout', logoutResponseSchema);
      pageLoad.assign(loginHref);
    } catch (caught) {
      const failed = toApiFailure(caught);
      // The session had ended already: nothing to end.
      if (failed.kind === 'unauthorized') {
        pageLoad.assign(loginHref);
        return;
      }
      if (failed.kind !== 'network') shell.errors.report(caught, LOGOUT_PROCESS);
      setFailure(intl.formatMessage({ id: failureMessageId(failed) }));
      setLoggingOut(false);
    }
  };

  const bookingLink = bookingHref(shell);
  return (
    <div className="portal-vstack-m portal-page-column">
      <PageHeading>{intl.formatMessage({ id: 'account.new-customer.title' })}</PageHeading>
      <p className="portal-m0">{intl.formatMessage({ id: 'account.new-customer.text' })}</p>
      <ul className={`${styles.options} portal-vstack-s portal-m0`}>
        {bookingLink && (
          <li>
            <a href={bookingLink}>{intl.formatMessage({ id: 'account.new-customer.book' })}</a>
          </li>
        )}
        <li>
          {intl.formatMessage(
            { id: bookingLink ? 'account.new-customer.call' : 'account.new-customer.call-only' },
            { phone: <a key="phone" href={telHref(phone)}>{phone}</a> },
          )}
          <p className="portal-mt-xxs portal-muted portal-small">{intl.formatMessage({ id: 'account.new-customer.call-charge' })}</p>
        </li>
      </ul>
      {failure && <Alert variant="error">{failure}</Alert>}
      <form
        method="post"
        action={logOutFormAction(shell.user?.csrfToken ?? null, shell.lang)}
        onSubmit={(event) => {
          event.preventDefault();
          void logOut();
        }}
      >
        <Button type="submit" variant="secondary" loading={loggingOut}>
          {intl.formatMessage({ id: 'account.new-customer.logout' })}
        </Button>
      </form>
    </div>
  );
}
