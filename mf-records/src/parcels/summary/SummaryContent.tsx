import { useIntl } from 'react-intl';
import type { RecordsSummary } from '@portal/shared-api';
import { ErrorView, ShellLink } from '@portal/shared-ui';
import { useDates } from '../../components/dates';
import { LabStatus } from '../../components/LabStatus';
import { prescriptionFragment } from '../../pages/prescriptions/prescription-fragment';
import { SummaryBlock, SummaryItem } from './SummaryBlock';
import styles from './Summary.module.css';

/** The records summary's error, with a retry; and its blocks (RecordsSummaryBlocks and ReloadedSummary show them). */
export function SummaryError({ onRetry }: { onRetry(): void }) {
  const intl = useIntl();
  return (
    <div role="alert">
      <ErrorView text={intl.formatMessage({ id: 'records.summary.error' })} onRetry={onRetry} />
    </div>
  );
}

export function SummaryContent({ summary }: { summary: RecordsSummary }) {
  const intl = useIntl();
  const dates = useDates();
  return (
    <div className="portal-grid-m">
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
            link={{ routeId: 'records.visit', params: { id: visit.id } }}
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
            // no page of its own: the list, opened at this prescription
            link={{ routeId: 'records.prescriptions', hash: prescriptionFragment(prescription.id) }}
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
          <SummaryItem
            key={day.date}
            title={dates.date(day.date)}
            link={{ routeId: 'records.laboratory-result', params: { date: day.date } }}
            details={day.testNames.join(', ')} aside={<LabStatus isReady={day.isReady} />} />
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
              link={{ routeId: 'records.questionnaire', params: { id: questionnaire.id } }}
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
            link={{ routeId: 'records.imaging-result', params: { date: result.imagingDate } }}
            details={dates.date(result.imagingDate)}
          />
        )}
      />
    </div>
  );
}
