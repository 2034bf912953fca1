import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { PrescriptionListItem } from '@portal/shared-api';
import { PrescriptionDetails } from '../../components/prescriptions/PrescriptionDetails';
import { useDates } from '../../components/dates';
import { TimelineItem } from '../../components/Timeline';
import { prescriptionFragment } from './prescription-fragment';
import styles from './PrescriptionsPage.module.css';

/** Present when the patient can choose prescriptions for renewal (feature prescription-renewal). */
export interface RowSelection {
  checked: boolean;
  onChange(checked: boolean): void;
}

/**
 * One prescription: medicine and strength, issued date, every field of spec §3, and whether it can
 * be renewed. With `selection` a renewable one has a checkbox labelled by the medicine's name and
 * strength; a prescription that cannot be renewed never has one and says so in the spec's words
 * ('Lääkettä ei voi uusia', the same Finnish text in every language).
 * The name carries the id a link names ('#prescription-<id>'); `targeted` (the address names this
 * one) marks it with an outline and lets script focus it (usePrescriptionTarget).
 */
export function PrescriptionRow({
  prescription,
  selection,
  targeted = false,
}: {
  prescription: PrescriptionListItem;
  selection?: RowSelection;
  targeted?: boolean;
}) {
  const intl = useIntl();
  const dates = useDates();
  const checkboxId = useId();
  const name = `${prescription.medicineName} ${prescription.strength}`.trim();
  const selectable = selection !== undefined && prescription.isRenewable;
  const leading = selectable ? (
    <input
      id={checkboxId}
      type="checkbox"
      className={`${styles.checkbox} portal-focus-outline`}
      checked={selection.checked}
      onChange={(event) => selection.onChange(event.target.checked)}
    />
  ) : selection !== undefined ? (
    // keeps the names of every row in one column
    <span className={styles.checkboxSpace} aria-hidden="true" />
  ) : undefined;
  return (
    <TimelineItem
      avatar={leading}
      title={
        <span id={prescriptionFragment(prescription.id)} tabIndex={targeted ? -1 : undefined} className={targeted ? styles.target : undefined}>
          {selectable ? <label htmlFor={checkboxId}>{name}</label> : name}
        </span>
      }
      date={intl.formatMessage({ id: 'records.prescription.issued' }, { date: dates.date(prescription.issuedDate) })}
      dateTime={prescription.issuedDate}
      highlighted={selectable && selection.checked}
    >
      <p className={`portal-mt-xxs portal-small ${prescription.isRenewable ? styles.renewable : 'portal-muted portal-bold'}`}>
        {intl.formatMessage({ id: prescription.isRenewable ? 'records.prescription.renewable' : 'records.prescription.notRenewable' })}
      </p>
      <PrescriptionDetails prescription={prescription} showIssued={false} />
    </TimelineItem>
  );
}
