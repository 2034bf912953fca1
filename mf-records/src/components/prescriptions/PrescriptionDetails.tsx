import { useIntl } from 'react-intl';
import type { Prescription } from '@portal/shared-api';
import { useDates } from '../dates';
import styles from './PrescriptionDetails.module.css';

/**
 * A prescription's fields (spec part 1 §3 "Prescription") as a description list: issued date, form,
 * package, total amount, treatment length, dosage and what it is for. Texts written by the
 * prescriber are shown as they are.
 */
export function PrescriptionDetails({ prescription, showIssued = true }: { prescription: Prescription; showIssued?: boolean }) {
  const intl = useIntl();
  const dates = useDates();
  const rows: Array<[string, string]> = [];
  const add = (labelId: string, value: string) => {
    if (value.trim() !== '') rows.push([intl.formatMessage({ id: labelId }), value]);
  };
  if (showIssued) add('records.prescriptions.field.issued', dates.date(prescription.issuedDate));
  add('records.prescriptions.field.dosage', prescription.dosageGuide);
  add('records.prescriptions.field.usage', prescription.usageGuide);
  add('records.prescriptions.field.medicineType', prescription.medicineType);
  add(
    'records.prescriptions.field.package',
    intl.formatMessage(
      { id: 'records.prescription.package' },
      { count: prescription.packageCount, size: prescription.packageSize, unit: prescription.packageUnit },
    ),
  );
  add('records.prescriptions.field.totalAmount', prescription.totalAmount);
  if (prescription.treatmentLength !== null && prescription.treatmentLengthUnit !== null) {
    add(
      'records.prescriptions.field.treatmentLength',
      intl.formatMessage(
        { id: 'records.prescriptions.treatmentLength' },
        { count: prescription.treatmentLength, unit: prescription.treatmentLengthUnit },
      ),
    );
  }
  return (
    <dl className={styles.details}>
      {rows.map(([label, value]) => (
        <div key={label} className={`${styles.row} portal-grid-xs`}>
          <dt className="portal-muted">{label}</dt>
          <dd className="portal-wrap-anywhere portal-m0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
