import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { Alert, ErrorView, PageHeading, ShellLink, Spinner } from '@portal/shared-ui';
import { useVisitPage } from './useVisitPage';
import { VisitReport } from './VisitReport';
import styles from './VisitPage.module.css';


/**
 * records.visit (spec part 1 §2 "Visits, detail at /{id}"): the visit's medical report, or
 * 'Visit was not found' for an id that is not one of the patient's visits.
 */
export function VisitPage() {
  return (
    <VisitPageContent />
  );
}

function VisitPageContent() {
  const intl = useIntl();
  const { id = '' } = useParams();
  const { page, retry } = useVisitPage(id);
  const backLink = (
    <ShellLink routeId="records.visits" className="portal-text-link portal-focus-outline">
      <span aria-hidden="true">← </span>
      {intl.formatMessage({ id: 'records.visit.back' })}
    </ShellLink>
  );
  return (
    <div className="portal-page-column">
      <p className={`portal-mb-m ${styles.noPrint}`}>{backLink}</p>
      <PageHeading>{intl.formatMessage({ id: 'records.visit.title' })}</PageHeading>
      {page.status === 'loading' && <Spinner />}
      {page.status === 'error' && (
        <div role="alert">
          <ErrorView onRetry={retry} />
        </div>
      )}
      {page.status === 'ready' && page.data.status === 'visit-not-found' && (
        <Alert variant="info">
          <p className="portal-bold portal-m0">{intl.formatMessage({ id: 'records.visit.notFound' })}</p>
          <p className="portal-mt-xs">{backLink}</p>
        </Alert>
      )}
      {page.status === 'ready' && page.data.status === 'ok' && <VisitReport visit={page.data.visit} />}
    </div>
  );
}
