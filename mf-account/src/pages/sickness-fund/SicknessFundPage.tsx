import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import type { SicknessFundInfo } from '@portal/shared-api';
import { EmptyState, Tabs, usePageState, useShell, type TabItem } from '@portal/shared-ui';
import { StatePage } from '../../components/StatePage';
import { Faq, Instructions, Overview, ReimbursementPractices } from './content.fi';
import styles from './SicknessFundPage.module.css';

function FundTabs({ fund }: { fund: SicknessFundInfo }) {
  const intl = useIntl();
  const { lang } = useShell();
  const tab = (id: string, panel: ReactElement): TabItem => ({
    id,
    label: intl.formatMessage({ id: `account.sicknessFund.tab.${id}` }),
    // the static content is Finnish on every language's page
    panel: (
      <div lang="fi" className={`${styles.content} portal-prose`}>
        {panel}
      </div>
    ),
  });
  return (
    <>
      {lang !== 'fi' && <p className="portal-mb-m portal-muted">{intl.formatMessage({ id: 'account.sicknessFund.inFinnish' })}</p>}
      <Tabs
        label={intl.formatMessage({ id: 'account.sicknessFund.title' })}
        tabs={[
          tab('overview', <Overview fund={fund} />),
          tab('practices', <ReimbursementPractices fund={fund} />),
          tab('instructions', <Instructions fund={fund} />),
          tab('faq', <Faq fund={fund} />),
        ]}
      />
    </>
  );
}

/**
 * account.sickness-fund (sairauskassa; spec part 2 §2.4, §6, §8): for members of the sickness fund,
 * four tabs of static Finnish content (overview, reimbursement practices, instructions, FAQ) quoting
 * the fund's rules and hours from the page state; a non-member is told the pages are not for them; the
 * error page with a retry on a temporary API error.
 */
export function SicknessFundPage() {
  const intl = useIntl();
  const { page, retry } = usePageState('account.sickness-fund');
  return (
    <StatePage title={intl.formatMessage({ id: 'account.sicknessFund.title' })} page={page} retry={retry} unavailable={(state) => state.status === 'temporary-api-error'}>
      {(state) => {
        switch (state.status) {
          case 'temporary-api-error':
            // shown by StatePage (unavailable)
            return null;
          case 'not-member':
            return <EmptyState text={intl.formatMessage({ id: 'account.sicknessFund.notMember' })} />;
          case 'ok':
            return <FundTabs fund={state.fund} />;
        }
      }}
    </StatePage>
  );
}
