import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import type { Referral } from '@portal/shared-api';
import type { RouteId } from '@portal/shared-i18n';
import { EmptyState, usePageState, useShell } from '@portal/shared-ui';
import { Avatar } from '../Avatar';
import { useDates } from '../dates';
import { DetailPage } from '../lab/DetailPage';
import { Validity } from '../Timeline';
import { NearestLink } from './NearestLink';
import type { ReferralRouteId } from './ReferralTimeline';
import styles from './Referrals.module.css';

interface ReferralPageProps {
  /** records.laboratory-referral or records.imaging-referral (path …/:id) */
  routeId: ReferralRouteId;
  /** the list the back link returns to */
  listRouteId: RouteId;
  backLabelId: string;
  /** whose nearest place the page links (the brand's laboratory or imaging centre, as the lists do) */
  nearest: 'laboratory' | 'imaging';
}

/**
 * A laboratory or imaging referral (spec part 1 §3 "Referral"): title, creation date, validity,
 * practitioner, the description (in Finnish only, and the page says so in the other languages) and
 * the patient's instructions; or 'Referral was not found'.
 */
export function ReferralPage(props: ReferralPageProps) {
  return <ReferralPageContent {...props} />;
}

function ReferralPageContent({ routeId, listRouteId, backLabelId, nearest }: ReferralPageProps) {
  const intl = useIntl();
  const { id = '' } = useParams();
  const { page, retry } = usePageState(routeId, { id });
  const state = page.status === 'ready' ? page.data : null;
  const title =
    state?.status === 'ok'
      ? state.referral.title
      : intl.formatMessage({ id: state?.status === 'not-found' ? 'records.referrals.notFound' : 'records.referrals.title' });
  return (
    <DetailPage title={title} back={{ routeId: listRouteId, label: intl.formatMessage({ id: backLabelId }) }} page={page} retry={retry}>
      {(data) =>
        data.status === 'ok' ? (
          <>
            <ReferralDetails referral={data.referral} />
            <NearestLink kind={nearest} />
          </>
        ) : (
          <EmptyState text={intl.formatMessage({ id: 'records.referrals.notFoundText' })} />
        )
      }
    </DetailPage>
  );
}

function ReferralDetails({ referral }: { referral: Referral }) {
  const intl = useIntl();
  const dates = useDates();
  const { lang } = useShell();
  const descriptionId = useId();
  const { practitioner } = referral;
  return (
    <>
      <dl className={`${styles.facts} portal-dl`}>
        <dt>{intl.formatMessage({ id: 'records.referrals.createdLabel' })}</dt>
        <dd>
          <time dateTime={referral.creationDate}>{dates.date(referral.creationDate)}</time>
        </dd>
        <dt>{intl.formatMessage({ id: 'records.referrals.validityLabel' })}</dt>
        <dd>
          <Validity validUntil={referral.validUntil} />
        </dd>
        <dt>{intl.formatMessage({ id: 'records.referrals.practitionerLabel' })}</dt>
        <dd className="portal-items-center portal-flex portal-gap-xs">
          <Avatar name={practitioner.name} pictureUrl={practitioner.pictureUrl} />
          <span>
            {practitioner.name}
            {practitioner.title && <span className="portal-block portal-muted portal-small">{practitioner.title}</span>}
          </span>
        </dd>
      </dl>
      <section aria-labelledby={descriptionId}>
        <h2 id={descriptionId} className="portal-mb-s portal-title-l">
          {intl.formatMessage({ id: 'records.referrals.descriptionLabel' })}
        </h2>
        {lang !== 'fi' && <p className={`${styles.note} portal-mb-xs portal-muted`}>{intl.formatMessage({ id: 'records.referrals.finnishOnly' })}</p>}
        {/* written in Finnish by the practitioner: lang lets a screen reader pronounce it right */}
        <p className={styles.description} lang="fi">
          {referral.description}
        </p>
      </section>
      {referral.patientInstructionsUrl && (
        <p className="portal-mt-m">
          <a className="portal-text-link portal-wrap-anywhere" href={referral.patientInstructionsUrl}>
            {intl.formatMessage({ id: 'records.referrals.instructions' })}
          </a>
        </p>
      )}
    </>
  );
}
