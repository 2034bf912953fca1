import { useIntl } from 'react-intl';
import type { PrescriptionListItem } from '@portal/shared-api';
import { useDates } from '../../components/dates';
import { TimelineItem } from '../../components/Timeline';
import styles from './PrescriptionsPage.module.css';

/** One prescription: medicine and strength, package, issued date, and whether it can be renewed. */
export function PrescriptionRow({ prescription }: { prescription: PrescriptionListItem }) {
  const intl = useIntl();
  const dates = useDates();
  return (
    <TimelineItem
      title={`${prescription.medicineName} ${prescription.strength}`}
      subtitle={intl.formatMessage(
        { id: 'records.prescription.package' },
        { count: prescription.packageCount, size: prescription.packageSize, unit: prescription.packageUnit },
      )}
      date={intl.formatMessage({ id: 'records.prescription.issued' }, { date: dates.date(prescription.issuedDate) })}
      dateTime={prescription.issuedDate}
    >
      <p className={prescription.isRenewable ? styles.renewable : styles.notRenewable}>
        {intl.formatMessage({ id: prescription.isRenewable ? 'records.prescription.renewable' : 'records.prescription.notRenewable' })}
      </p>
    </TimelineItem>
  );
}
