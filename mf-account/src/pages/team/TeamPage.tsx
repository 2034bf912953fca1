import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { TeamMember } from '@portal/shared-api';
import { formatDate } from '@portal/shared-i18n';
import { EmptyState, usePageState, useShell } from '@portal/shared-ui';
import { StatePage } from '../../components/StatePage';
import styles from './TeamPage.module.css';

/**
 * One responsible doctor or nurse. A member who is away has the absence period next to their name
 * and the substitute below, greyed and marked "Substitute:" in words (not by colour alone).
 */
function Member({ member }: { member: TeamMember }) {
  const intl = useIntl();
  const { lang } = useShell();
  const { substituteName, substitutePeriod } = member;
  const away = substituteName !== null && substitutePeriod !== null;
  return (
    <li className={`${styles.member} portal-frame portal-box--background`}>
      <p className={`${styles.name} portal-row portal-bold portal-wrap-anywhere portal-m0`}>
        {member.name}
        {away && (
          <span className={styles.absence}>
            {intl.formatMessage(
              { id: 'account.team.absent' },
              {
                from: <time dateTime={substitutePeriod.from}>{formatDate(substitutePeriod.from, lang)}</time>,
                to: <time dateTime={substitutePeriod.to}>{formatDate(substitutePeriod.to, lang)}</time>,
              },
            )}
          </span>
        )}
      </p>
      {away && <p className={styles.substitute}>{intl.formatMessage({ id: 'account.team.substitute' }, { name: substituteName })}</p>}
    </li>
  );
}

function MemberGroup({ titleId, emptyId, members }: { titleId: string; emptyId: string; members: readonly TeamMember[] }) {
  const intl = useIntl();
  const headingId = useId();
  return (
    <section className={styles.group} aria-labelledby={headingId}>
      <h2 id={headingId} className="portal-mb-s portal-title-l">
        {intl.formatMessage({ id: titleId })}
      </h2>
      {members.length === 0 ? (
        <EmptyState text={intl.formatMessage({ id: emptyId })} />
      ) : (
        <ul className="portal-plain-list portal-grid-s" aria-labelledby={headingId}>
          {members.map((member) => (
            <Member key={member.id} member={member} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * account.team (spec part 2 §2.4, §3 Occupational info, §8): the occupational health customer's
 * employer and responsible doctors and nurses; a clear message without an occupational health
 * agreement, and the error page (with a retry) when the occupational API has a temporary error.
 */
export function TeamPage() {
  const intl = useIntl();
  const { page, retry } = usePageState('account.team');
  return (
    <StatePage title={intl.formatMessage({ id: 'account.team.title' })} page={page} retry={retry} unavailable={(state) => state.status === 'temporary-api-error'}>
      {(state) => {
        switch (state.status) {
          case 'temporary-api-error':
            // shown by StatePage (unavailable)
            return null;
          case 'no-team':
            return <EmptyState text={intl.formatMessage({ id: 'account.team.noTeam' })} />;
          case 'ok':
            return (
              <>
                <dl className={`${styles.employer} portal-dl portal-row portal-mb-l`}>
                  <dt>{intl.formatMessage({ id: 'account.team.employer' })}</dt>
                  <dd>{state.employerName}</dd>
                </dl>
                <MemberGroup titleId="account.team.doctors" emptyId="account.team.noDoctors" members={state.responsibleDoctors} />
                <MemberGroup titleId="account.team.nurses" emptyId="account.team.noNurses" members={state.responsibleNurses} />
              </>
            );
        }
      }}
    </StatePage>
  );
}
