import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import type { ImagingResult } from '@portal/shared-api';
import { useDates } from '../../components/dates';
import { DetailPage } from '../../components/lab/DetailPage';
import { EmptyState, ErrorView } from '@portal/shared-ui';
import { useImagingResult } from './useImagingResult';
import styles from './ImagingResultPage.module.css';

/**
 * records.imaging-result (imaging/:date, spec part 1 §2 "Imaging result"): every result of the date
 * with its examination name ('no title'), date and the doctor's statement ("no doctor's
 * statement"); 'This section is temporarily unavailable.' when the imaging service is down; 'Results
 * were not found' for a date without the patient's results.
 */
export function ImagingResultPage() {
  return (
    <ImagingResultContent />
  );
}

function ImagingResultContent() {
  const intl = useIntl();
  const dates = useDates();
  const { date = '' } = useParams();
  const { page, retry } = useImagingResult(date);
  const state = page.status === 'ready' ? page.data : null;
  const title =
    state?.status === 'ok'
      ? intl.formatMessage({ id: 'records.imaging.result.title' }, { date: dates.date(state.imagingDate) })
      : intl.formatMessage({ id: 'records.imaging.title' });
  return (
    <DetailPage title={title} back={{ routeId: 'records.imaging', label: intl.formatMessage({ id: 'records.imaging.back' }) }} page={page} retry={retry}>
      {(data) => {
        switch (data.status) {
          case 'temporary-api-error':
            return (
              <div role="alert">
                <ErrorView
                  title={intl.formatMessage({ id: 'common.error.sectionUnavailable' })}
                  text={intl.formatMessage({ id: 'common.error.generic' })}
                  onRetry={retry}
                />
              </div>
            );
          case 'not-found':
            return <EmptyState text={intl.formatMessage({ id: 'records.imaging.result.notFound' })} />;
          case 'ok':
            return (
              <div className="portal-vstack-m">
                {data.results.map((result) => (
                  <ImagingResultArticle key={result.id} result={result} />
                ))}
              </div>
            );
        }
      }}
    </DetailPage>
  );
}

function ImagingResultArticle({ result }: { result: ImagingResult }) {
  const intl = useIntl();
  const dates = useDates();
  const headingId = useId();
  return (
    <article className="portal-box" aria-labelledby={headingId}>
      <h2 id={headingId} className="portal-title-l portal-wrap-anywhere portal-m0">
        {result.examinationName ?? intl.formatMessage({ id: 'records.imaging.noTitle' })}
      </h2>
      <p className={styles.date}>
        {intl.formatMessage({ id: 'records.imaging.result.date' })}: <time dateTime={result.imagingDate}>{dates.date(result.imagingDate)}</time>
      </p>
      <h3 className="portal-mb-xxs portal-title-m">{intl.formatMessage({ id: 'records.imaging.result.statement' })}</h3>
      {result.statementText ? (
        <p className={styles.statement}>{result.statementText}</p>
      ) : (
        <p className={`${styles.noStatement} portal-muted portal-m0`}>{intl.formatMessage({ id: 'records.imaging.result.noStatement' })}</p>
      )}
    </article>
  );
}
