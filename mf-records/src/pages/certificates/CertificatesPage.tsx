import { useIntl } from 'react-intl';
import { CERTIFICATES_AVAILABLE_FROM, type CertificateListItem } from '@portal/shared-api';
import { EmptyState, usePageState } from '@portal/shared-ui';
import { Avatar } from '../../components/Avatar';
import { useDates } from '../../components/dates';
import { ListPage } from '../../components/ListPage';
import { PagedTimeline } from '../../components/PagedList';
import { TimelineItem } from '../../components/Timeline';
import { useTimelineDates } from '../../components/TimelineDates';

/** One certificate: who wrote it, its kind, the sick leave it gives, when it was issued. */
function CertificateRow({ certificate }: { certificate: CertificateListItem }) {
  const intl = useIntl();
  const dates = useDates();
  const timeline = useTimelineDates();
  const { practitionerName, practitionerTitle, validFrom, validUntil } = certificate;
  return (
    <TimelineItem
      avatar={<Avatar name={practitionerName} pictureUrl={certificate.practitionerPictureUrl} />}
      title={intl.formatMessage({ id: `records.certificates.type.${certificate.type}` })}
      subtitle={practitionerTitle ? `${practitionerName}, ${practitionerTitle}` : practitionerName}
      date={intl.formatMessage({ id: 'records.certificates.issued' }, { date: timeline.relative(certificate.issuedDate) })}
      dateTime={certificate.issuedDate}
    >
      {validFrom && validUntil && (
        <p className="portal-mt-xxs">{intl.formatMessage({ id: 'records.certificates.sickLeave' }, { from: dates.date(validFrom), until: dates.date(validUntil) })}</p>
      )}
    </TimelineItem>
  );
}

/**
 * records.certificates (spec part 2 §2.2): the patient's sick-leave certificates (medical certificate
 * A, nurse's sick-leave certificate) from 1 Jan 2022 on as a timeline, newest first, with an empty state.
 */
export function CertificatesPage() {
  const intl = useIntl();
  const dates = useDates();
  const { page, retry } = usePageState('records.certificates');
  return (
    <ListPage titleId="records.certificates.title" emptyId="records.certificates.empty" page={page} retry={retry} isEmpty={() => false}>
      {(data) => (
        <>
          <p className="portal-mb-m portal-muted">{intl.formatMessage({ id: 'records.certificates.intro' }, { date: dates.date(CERTIFICATES_AVAILABLE_FROM) })}</p>
          {data.certificates.length === 0 ? (
            <EmptyState text={intl.formatMessage({ id: 'records.certificates.empty' })} />
          ) : (
            <PagedTimeline
              label={intl.formatMessage({ id: 'records.certificates.title' })}
              items={data.certificates}
              renderItem={(certificate) => <CertificateRow key={certificate.id} certificate={certificate} />}
            />
          )}
        </>
      )}
    </ListPage>
  );
}
