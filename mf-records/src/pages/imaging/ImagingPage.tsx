import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { ImagingListItem } from '@portal/shared-api';
import { EmptyState, LinkName, ShellLink } from '@portal/shared-ui';
import { useDates } from '../../components/dates';
import { ListPage } from '../../components/ListPage';
import { PagedTimeline } from '../../components/PagedList';
import { NearestLink } from '../../components/referrals/NearestLink';
import { ReferralTimeline } from '../../components/referrals/ReferralTimeline';
import { TimelineItem } from '../../components/Timeline';
import { useImagingPage } from './useImagingPage';

/** One result: its name ('no title' without one) linking to the date's result page, and the date. */
function ImagingRow({ result }: { result: ImagingListItem }) {
  const intl = useIntl();
  const dates = useDates();
  const date = dates.date(result.imagingDate);
  return (
    <TimelineItem
      title={
        <ShellLink routeId="records.imaging-result" params={{ date: result.imagingDate }} className="portal-text-link portal-focus-outline portal-wrap-anywhere">
          {/* untitled results share their link text: the date tells them apart for screen reader users */}
          <LinkName text={result.examinationName ?? intl.formatMessage({ id: 'records.imaging.noTitle' })} context={date} />
        </ShellLink>
      }
      date={date}
      dateTime={result.imagingDate}
    />
  );
}

/**
 * records.imaging: imaging results by date, each linking to its result page; the imaging referrals
 * with their validity; the nearest imaging centre.
 */
export function ImagingPage() {
  const intl = useIntl();
  const resultsHeadingId = useId();
  const { page, retry } = useImagingPage();
  return (
    // never empty as a whole: the referrals section and the nearest-centre link always show
    <ListPage titleId="records.imaging.title" emptyId="records.imaging.empty" page={page} retry={retry} isEmpty={() => false}>
      {(data) => (
        <>
          <section aria-labelledby={resultsHeadingId}>
            <h2 id={resultsHeadingId} className="portal-mb-s portal-title-l">
              {intl.formatMessage({ id: 'records.imaging.results.title' })}
            </h2>
            {data.results.length === 0 ? (
              <EmptyState text={intl.formatMessage({ id: 'records.imaging.empty' })} />
            ) : (
              <PagedTimeline
                label={intl.formatMessage({ id: 'records.imaging.title' })}
                items={data.results}
                renderItem={(result) => <ImagingRow key={result.id} result={result} />}
              />
            )}
          </section>
          <ReferralTimeline
            referrals={data.referrals}
            routeId="records.imaging-referral"
            titleId="records.imaging.referrals.title"
            emptyId="records.imaging.referrals.empty"
          >
            <NearestLink kind="imaging" />
          </ReferralTimeline>
        </>
      )}
    </ListPage>
  );
}
