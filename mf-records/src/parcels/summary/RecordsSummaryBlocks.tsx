import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { frontPageStateSchema, type RecordsSummary } from '@portal/shared-api';
import { useShell } from '@portal/shared-ui';
import { useDates } from '../../components/dates';
import { LabStatus } from '../../components/LabStatus';
import { ShellLink } from '@portal/shared-ui';
import { ErrorView, Spinner } from '../../components/ui';
import { SummaryBlock, SummaryItem } from './SummaryBlock';
import styles from './Summary.module.css';

type LoadState = { status: 'idle' } | { status: 'loading' } | { status: 'failed' };

/**
 * The records blocks of the front page, in the spec's order: visits, prescriptions, laboratory,
 * questionnaires (only when there are any), imaging. Without a summary (the loader failed) one
 * error with a retry that asks the front page's loader again.
 */
export function RecordsSummaryBlocks({ summary: given }: { summary: RecordsSummary | undefined }) {
  const shell = useShell();
  const intl = useIntl();
  const [reloaded, setReloaded] = useState<RecordsSummary | undefined>(undefined);
  const [load, setLoad] = useState<LoadState>({ status: 'idle' });
  const summary = given ?? reloaded;

  const controller = useAbortOnUnmount();
  const retry = () => {
    setLoad({ status: 'loading' });
    shell
      .loadPage('front-page', {}, controller.signal)
      .then((page) => {
        const records = frontPageStateSchema.parse(page.state).summaries['mf-records'];
        setReloaded(records);
        setLoad(records ? { status: 'idle' } : { status: 'failed' });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        shell.errors.report(error, 'records-summary');
        setLoad({ status: 'failed' });
      });
  };

  if (!summary) {
    if (load.status === 'loading') return <Spinner />;
    return (
      <div role="alert">
        <ErrorView text={intl.formatMessage({ id: 'records.summary.error' })} onRetry={retry} />
      </div>
    );
  }
  return <SummaryContent summary={summary} />;
}

function useAbortOnUnmount(): AbortController {
  const [controller] = useState(() => new AbortController());
  useEffect(() => () => controller.abort(), [controller]);
  return controller;
}

function SummaryContent({ summary }: { summary: RecordsSummary }) {
  const intl = useIntl();
  const dates = useDates();
  return (
    <div className={styles.blocks}>
      <SummaryBlock
        titleId="records.summary.visits.title"
        emptyId="records.summary.visits.empty"
        showAllId="records.summary.visits.showAll"
        routeId="records.visits"
        items={summary.visits}
        renderItem={(visit) => (
          <SummaryItem
            key={visit.id}
            title={visit.specialtyName}
            details={`${dates.dateTime(visit.dateTime)} · ${visit.practitionerName}`}
          />
        )}
      />
      <SummaryBlock
        titleId="records.summary.prescriptions.title"
        emptyId="records.summary.prescriptions.empty"
        showAllId="records.summary.prescriptions.showAll"
        routeId="records.prescriptions"
        items={summary.prescriptions}
        renderItem={(prescription) => (
          <SummaryItem
            key={prescription.id}
            title={`${prescription.medicineName} ${prescription.strength}`}
            details={intl.formatMessage({ id: 'records.prescription.issued' }, { date: dates.date(prescription.issuedDate) })}
          />
        )}
        extraLinks={
          summary.canRenewPrescriptions && (
            <ShellLink routeId="records.prescriptions" className={styles.showAll}>
              {intl.formatMessage({ id: 'records.summary.prescriptions.renew' })}
            </ShellLink>
          )
        }
      />
      <SummaryBlock
        titleId="records.summary.laboratory.title"
        emptyId="records.summary.laboratory.empty"
        showAllId="records.summary.laboratory.showAll"
        routeId="records.laboratory"
        items={summary.laboratory}
        renderItem={(day) => (
          <SummaryItem key={day.date} title={dates.date(day.date)} details={day.testNames.join(', ')} aside={<LabStatus isReady={day.isReady} />} />
        )}
      />
      {summary.questionnaires.length > 0 && (
        <SummaryBlock
          titleId="records.summary.questionnaires.title"
          showAllId="records.summary.questionnaires.showAll"
          routeId="records.questionnaires"
          items={summary.questionnaires}
          renderItem={(questionnaire) => (
            <SummaryItem
              key={questionnaire.id}
              title={questionnaire.title}
              details={intl.formatMessage({ id: 'records.questionnaire.sent' }, { date: dates.date(questionnaire.sentAt) })}
              aside={intl.formatMessage({
                id: questionnaire.answeredAt ? 'records.questionnaire.status.answered' : 'records.questionnaire.status.open',
              })}
            />
          )}
        />
      )}
      <SummaryBlock
        titleId="records.summary.imaging.title"
        emptyId="records.summary.imaging.empty"
        showAllId="records.summary.imaging.showAll"
        routeId="records.imaging"
        items={summary.imaging}
        renderItem={(result) => (
          <SummaryItem
            key={result.id}
            title={result.examinationName ?? intl.formatMessage({ id: 'records.imaging.noTitle' })}
            details={dates.date(result.imagingDate)}
          />
        )}
      />
    </div>
  );
}
