import { useId } from 'react';
import { useIntl } from 'react-intl';
import { ListPage } from '../../components/ListPage';
import { PagedTimeline } from '../../components/PagedList';
import { NearestLink } from '../../components/referrals/NearestLink';
import { ReferralTimeline } from '../../components/referrals/ReferralTimeline';
import { EmptyState } from '@portal/shared-ui';
import { LaboratoryDateRow } from './LaboratoryDateRow';
import { useLaboratoryPage } from './useLaboratoryPage';

/**
 * records.laboratory: results grouped by date, each date ready (green) or pending (blue), with text,
 * linking to its result page; the laboratory referrals with their validity; the nearest laboratory.
 */
export function LaboratoryPage() {
  const intl = useIntl();
  const resultsHeadingId = useId();
  const { page, retry } = useLaboratoryPage();
  const resultsTitle = intl.formatMessage({ id: 'records.laboratory.results.title' });
  return (
    // never empty as a whole: the referrals section and the nearest-laboratory link always show
    <ListPage titleId="records.laboratory.title" emptyId="records.laboratory.empty" page={page} retry={retry} isEmpty={() => false}>
      {(data) => (
        <>
          <section aria-labelledby={resultsHeadingId}>
            <h2 id={resultsHeadingId} className="portal-mb-s portal-title-l">
              {resultsTitle}
            </h2>
            {data.dates.length === 0 ? (
              <EmptyState text={intl.formatMessage({ id: 'records.laboratory.empty' })} />
            ) : (
              <PagedTimeline
                label={intl.formatMessage({ id: 'records.laboratory.title' })}
                items={data.dates}
                renderItem={(day) => <LaboratoryDateRow key={day.date} day={day} />}
              />
            )}
          </section>
          <ReferralTimeline
            referrals={data.referrals}
            routeId="records.laboratory-referral"
            titleId="records.laboratory.referrals.title"
            emptyId="records.laboratory.referrals.empty"
          >
            <NearestLink kind="laboratory" />
          </ReferralTimeline>
        </>
      )}
    </ListPage>
  );
}
