import { useIntl } from 'react-intl';
import { LinkButton, usePageState } from '@portal/shared-ui';
import { StatePage } from '../../components/StatePage';
import styles from './PikkutsattiPage.module.css';

type PikkutsattiRoute = 'account.pikkutsatti' | 'account.pikkutsatti-anonymous';

function Pikkutsatti({ routeId }: { routeId: PikkutsattiRoute }) {
  const intl = useIntl();
  const { page, retry } = usePageState(routeId);
  return (
    <StatePage title={intl.formatMessage({ id: 'account.pikkutsatti.title' })} page={page} retry={retry}>
      {({ appLinks }) => (
        <>
          <p className={styles.text}>{intl.formatMessage({ id: 'account.pikkutsatti.moved' })}</p>
          <p className={styles.text}>{intl.formatMessage({ id: 'account.pikkutsatti.download' })}</p>
          <ul className={`${styles.links} portal-form-actions`} aria-label={intl.formatMessage({ id: 'account.pikkutsatti.links' })}>
            <li>
              <LinkButton href={appLinks.ios} rel="noopener noreferrer">
                {intl.formatMessage({ id: 'account.pikkutsatti.appStore' })}
              </LinkButton>
            </li>
            <li>
              <LinkButton href={appLinks.android} rel="noopener noreferrer">
                {intl.formatMessage({ id: 'account.pikkutsatti.googlePlay' })}
              </LinkButton>
            </li>
          </ul>
        </>
      )}
    </StatePage>
  );
}

/** account.pikkutsatti (children's brand, signed in; spec part 2 §2.4): the chat has moved to the app. */
export function PikkutsattiPage() {
  return <Pikkutsatti routeId="account.pikkutsatti" />;
}

/** account.pikkutsatti-anonymous: the same page for visitors who are not signed in. */
export function PikkutsattiAnonymousPage() {
  return <Pikkutsatti routeId="account.pikkutsatti-anonymous" />;
}
