import { useIntl } from 'react-intl';
import type { LaboratoryListDate } from '@portal/shared-api';
import { ShellLink } from '@portal/shared-ui';
import { useDates } from '../../components/dates';
import { LabStatus } from '../../components/LabStatus';
import { TimelineItem } from '../../components/Timeline';
import styles from './LaboratoryPage.module.css';

/**
 * The results of one sample date: a link to the date's result page, the date's status (ready only
 * when every test is, said in words) and each test, pending ones marked.
 */
export function LaboratoryDateRow({ day }: { day: LaboratoryListDate }) {
  const intl = useIntl();
  const dates = useDates();
  const date = dates.date(day.date);
  return (
    <TimelineItem
      title={
        <ShellLink routeId="records.laboratory-result" params={{ date: day.date }} className="portal-text-link portal-focus-outline">
          {intl.formatMessage({ id: 'records.laboratory.dateLabel' }, { date })}
        </ShellLink>
      }
      date={date}
      dateTime={day.date}
    >
      <LabStatus isReady={day.isReady} />
      <ul className={styles.tests}>
        {day.tests.map((test) => (
          <li key={test.id} className={`${styles.test} portal-row portal-items-center portal-gap-xs`}>
            <span>{test.displayName}</span>
            {!test.isReady && <LabStatus isReady={false} />}
          </li>
        ))}
      </ul>
    </TimelineItem>
  );
}
