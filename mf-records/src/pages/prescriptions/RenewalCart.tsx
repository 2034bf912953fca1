import { useId } from 'react';
import { useIntl } from 'react-intl';
import { RENEWAL_MAX_PRESCRIPTIONS, type PrescriptionListItem } from '@portal/shared-api';
import { LinkButton, useShell } from '@portal/shared-ui';
import styles from './PrescriptionsPage.module.css';

export const RENEWAL_ROUTE_ID = 'records.prescription-renewal';

/**
 * The renewal cart (spec part 1 §2, §4 "Prescription selection"): the chosen prescriptions and the
 * button to the renewal page with their ids. The count is a polite live region, so a screen reader
 * hears every change without losing its place in the list.
 */
export function RenewalCart({ selected }: { selected: readonly PrescriptionListItem[] }) {
  const intl = useIntl();
  const shell = useShell();
  const headingId = useId();
  const count = selected.length;
  const tooMany = count > RENEWAL_MAX_PRESCRIPTIONS;
  const href = count > 0 && !tooMany ? shell.href(RENEWAL_ROUTE_ID, { ids: selected.map((p) => p.id).join(',') }) : null;
  return (
    <section className={styles.cart} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cartTitle}>
        {intl.formatMessage({ id: 'records.prescriptions.cart.title' })}
      </h2>
      <p role="status" className={styles.cartStatus}>
        {intl.formatMessage({ id: 'records.prescriptions.cart.status' }, { count })}
      </p>
      {count > 0 && (
        <ul className={styles.cartList} aria-labelledby={headingId}>
          {selected.map((prescription) => (
            <li key={prescription.id}>{`${prescription.medicineName} ${prescription.strength}`.trim()}</li>
          ))}
        </ul>
      )}
      {tooMany && (
        <p className={styles.cartWarning}>{intl.formatMessage({ id: 'records.prescriptions.cart.tooMany' }, { max: RENEWAL_MAX_PRESCRIPTIONS })}</p>
      )}
      {href && (
        <LinkButton href={href} onNavigate={shell.navigate} className={styles.cartButton}>
          {intl.formatMessage({ id: 'records.prescriptions.cart.renew' })}
        </LinkButton>
      )}
    </section>
  );
}
