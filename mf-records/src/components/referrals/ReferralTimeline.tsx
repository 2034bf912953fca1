import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ReferralListItem } from '@portal/shared-api';
import { LinkName } from '@portal/shared-ui';
import { Avatar } from '../Avatar';
import { useDates } from '../dates';
import { PagedTimeline } from '../PagedList';
import { TimelineItem } from '../Timeline';
import styles from './Referrals.module.css';

export type ReferralRouteId = 'records.laboratory-referral' | 'records.imaging-referral';

/**
 * One referral: practitioner's avatar, the title linking to the referral page, practitioner,
 * creation date and validity ('valid until' with the ≤ 30-day label, or 'not valid' once passed:
 * TimelineItem's validity, today in Europe/Helsinki).
 */
export function ReferralRow({ referral, routeId }: { referral: ReferralListItem; routeId: ReferralRouteId }) {
  const intl = useIntl();
  const dates = useDates();
  const { practitioner } = referral;
  const created = dates.date(referral.creationDate);
  return (
    <TimelineItem
      avatar={<Avatar name={practitioner.name} pictureUrl={practitioner.pictureUrl} />}
      title={
        // referrals often share a title: the date tells the links apart for screen reader users
        <LinkName text={referral.title} context={intl.formatMessage({ id: 'records.referrals.created' }, { date: created })} />
      }
      link={{ routeId, params: { id: referral.id } }}
      subtitle={practitioner.title ? `${practitioner.name}, ${practitioner.title}` : practitioner.name}
      date={created}
      dateTime={referral.creationDate}
      validUntil={referral.validUntil}
    />
  );
}

/**
 * The referrals section of the laboratory and imaging pages (spec part 1 §2 "Imaging and laboratory
 * referral pages"): a heading, the referrals as a timeline (10 per page), or the empty text, then
 * whatever the page adds (the link to the nearest laboratory or imaging centre).
 */
export function ReferralTimeline({
  referrals,
  routeId,
  titleId,
  emptyId,
  children,
}: {
  referrals: readonly ReferralListItem[];
  routeId: ReferralRouteId;
  titleId: string;
  emptyId: string;
  children?: ReactNode;
}) {
  const intl = useIntl();
  const headingId = useId();
  const title = intl.formatMessage({ id: titleId });
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className="portal-mb-s portal-title-l">
        {title}
      </h2>
      {referrals.length === 0 ? (
        <p className="portal-muted portal-m0">{intl.formatMessage({ id: emptyId })}</p>
      ) : (
        <PagedTimeline
          label={title}
          paginationLabel={intl.formatMessage({ id: 'records.referrals.pagination' }, { list: title })}
          items={referrals}
          renderItem={(referral) => <ReferralRow key={referral.id} referral={referral} routeId={routeId} />}
        />
      )}
      {children}
    </section>
  );
}
