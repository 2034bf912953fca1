import { useId } from 'react';
import { useIntl } from 'react-intl';
import { RENEWAL_MAX_PRESCRIPTIONS, type PrescriptionListItem } from '@portal/shared-api';
import { LinkButton, useShell } from '@portal/shared-ui';
import styles from './PrescriptionsPage.module.css';

/**
 * The renewal cart (spec part 1 §2, §4 "Prescription selection"): the chosen prescriptions and the
 * button to the renewal page with their ids. The count is a polite live region, so a screen reader
 * hears every change without losing its place in the list.
 */
export function RenewalCart({ selected }: { selected: readonly PrescriptionListItem[] }) {
  const intl = useIntl();
  const headingId = useId();
  const count = selected.length;
  const tooMany = count > RENEWAL_MAX_PRESCRIPTIONS;
  const { href, navigate } = useRenewalHref(selected);
  return (
    <section className="portal-box portal-box--surface" aria-labelledby={headingId}>
      <h2 id={headingId} className="portal-mb-xs portal-title-l">
        {intl.formatMessage({ id: 'records.prescriptions.cart.title' })}
      </h2>
      <p role="status" className="portal-m0">
        {intl.formatMessage({ id: 'records.prescriptions.cart.status' }, { count })}
      </p>
      {count > 0 && (
        <ul className={`${styles.cartList} portal-wrap-anywhere portal-mt-xs`} aria-labelledby={headingId}>
          {selected.map((prescription) => (
            <li key={prescription.id}>{`${prescription.medicineName} ${prescription.strength}`.trim()}</li>
          ))}
        </ul>
      )}
      {tooMany && (
        <p className="portal-bold portal-error-text portal-mt-xs">{intl.formatMessage({ id: 'records.prescriptions.cart.tooMany' }, { max: RENEWAL_MAX_PRESCRIPTIONS })}</p>
      )}
      {href && (
        <LinkButton href={href} onNavigate={navigate} className={styles.cartButton}>
          {intl.formatMessage({ id: 'records.prescriptions.cart.renew' })}
        </LinkButton>
      )}
    </section>
  );
}

/** The renewal page's address for the chosen prescriptions, or null when none or too many are chosen. */
function useRenewalHref(selected: readonly PrescriptionListItem[]) {
  const shell = useShell();
  const ok = selected.length > 0 && selected.length <= RENEWAL_MAX_PRESCRIPTIONS;
  return { href: ok ? shell.href('records.prescription-renewal', { ids: selected.map((p) => p.id).join(',') }) : null, navigate: shell.navigate };
}

/**
 * On a phone the cart is far below a long list: while something is chosen, a bar stuck to the top
 * of the screen keeps the count and the renew button in reach (the cart's status stays the one
 * live region, so the count is not announced twice).
 */
export function RenewalBar({ selected }: { selected: readonly PrescriptionListItem[] }) {
  const intl = useIntl();
  const { href, navigate } = useRenewalHref(selected);
  if (selected.length === 0) return null;
  return (
    <div className={`${styles.cartBar} portal-frame portal-flex portal-justify-between portal-gap-s portal-items-center portal-box--surface`}>
      <p className="portal-bold portal-m0">{intl.formatMessage({ id: 'records.prescriptions.cart.status' }, { count: selected.length })}</p>
      {href && (
        <LinkButton href={href} onNavigate={navigate} size="small">
          {intl.formatMessage({ id: 'records.prescriptions.cart.renew' })}
        </LinkButton>
      )}
    </div>
  );
}
