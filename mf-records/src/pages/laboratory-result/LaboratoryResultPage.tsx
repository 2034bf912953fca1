import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import type { LaboratoryResultPageState, LaboratoryTestPackage, SingleLaboratoryTest } from '@portal/shared-api';
import { Button, EmptyState } from '@portal/shared-ui';
import { useDates } from '../../components/dates';
import { DetailPage } from '../../components/lab/DetailPage';
import { LabStatus } from '../../components/LabStatus';
import { TestRow } from './TestRow';
import { useLaboratoryResult } from './useLaboratoryResult';
import styles from './LaboratoryResultPage.module.css';

type OkState = Extract<LaboratoryResultPageState, { status: 'ok' }>;

/**
 * records.laboratory-result (laboratoryresult/:date, spec part 1 §2 "Laboratory result"): the
 * patient's full name, the title with the date and a print action, an intro, the test packages
 * (package row and items) and the single tests; 'Results were not found' for a date without the
 * patient's results. Printing leaves out the portal's header, menu, footer and buttons and shows
 * every test's details.
 */
export function LaboratoryResultPage() {
  return (
    <LaboratoryResultContent />
  );
}

function PrinterIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M4 6V1.5h8V6M4 12H2.5A1 1 0 0 1 1.5 11V7a1 1 0 0 1 1-1h11a1 1 0 0 1 1 1v4a1 1 0 0 1-1 1H12M4 9.5h8v5H4z" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
    </svg>
  );
}

function LaboratoryResultContent() {
  const intl = useIntl();
  const dates = useDates();
  const { date = '' } = useParams();
  const { page, retry } = useLaboratoryResult(date);
  const state = page.status === 'ready' ? page.data : null;
  const ok = state?.status === 'ok' && state.laboratoryTests.length > 0 ? state : null;
  const title = ok
    ? intl.formatMessage({ id: 'records.laboratory.result.title' }, { date: dates.date(ok.date) })
    : intl.formatMessage({ id: 'records.laboratory.title' });
  return (
    <DetailPage
      title={title}
      back={{ routeId: 'records.laboratory', label: intl.formatMessage({ id: 'records.laboratory.back' }) }}
      page={page}
      retry={retry}
      className={styles.printable}
      actions={
        ok && (
          <Button variant="secondary" size="small" className={styles.noPrint} onClick={() => window.print()}>
            <PrinterIcon />
            {intl.formatMessage({ id: 'records.laboratory.result.print' })}
          </Button>
        )
      }
    >
      {(data) =>
        data.status === 'ok' && data.laboratoryTests.length > 0 ? (
          <LaboratoryResult result={data} />
        ) : (
          <EmptyState text={intl.formatMessage({ id: 'records.laboratory.result.notFound' })} />
        )
      }
    </DetailPage>
  );
}

function LaboratoryResult({ result }: { result: OkState }) {
  const intl = useIntl();
  const dates = useDates();
  const packagesHeadingId = useId();
  const testsHeadingId = useId();
  const packages = result.laboratoryTests.filter((test): test is LaboratoryTestPackage => test.__typename === 'LaboratoryTestPackage');
  const singles = result.laboratoryTests.filter((test): test is SingleLaboratoryTest => test.__typename === 'SingleLaboratoryTest');
  return (
    <>
      <p className="portal-mb-xs portal-bold">{intl.formatMessage({ id: 'records.laboratory.result.patient' }, { name: result.fullName })}</p>
      <p className="portal-mb-l">{intl.formatMessage({ id: 'records.laboratory.result.intro' }, { date: dates.date(result.date) })}</p>
      {packages.length > 0 && (
        <section className={styles.section} aria-labelledby={packagesHeadingId}>
          <h2 id={packagesHeadingId} className="portal-mb-s portal-title-l">
            {intl.formatMessage({ id: 'records.laboratory.result.packages' })}
          </h2>
          <ul className="portal-plain-list">
            {packages.map((pkg) => (
              <li key={pkg.id} className={`${styles.package} portal-frame`}>
                <div className="portal-row portal-items-center portal-justify-between portal-gap-xs">
                  <h3 className="portal-title-m portal-m0">{pkg.displayName}</h3>
                  <LabStatus isReady={pkg.isReady} />
                </div>
                {pkg.description && <p className="portal-muted portal-mt-xxs">{pkg.description}</p>}
                <ul className="portal-plain-list">
                  {pkg.items.map((item) => (
                    <TestRow key={item.id} test={item} headingLevel={4} currentDate={result.date} />
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      )}
      {singles.length > 0 && (
        <section className={styles.section} aria-labelledby={testsHeadingId}>
          <h2 id={testsHeadingId} className="portal-mb-s portal-title-l">
            {intl.formatMessage({ id: 'records.laboratory.result.singleTests' })}
          </h2>
          <ul className="portal-plain-list">
            {singles.map((test) => (
              <TestRow key={test.id} test={test} headingLevel={3} currentDate={result.date} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
