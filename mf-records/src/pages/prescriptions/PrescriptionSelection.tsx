import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { PrescriptionListItem } from '@portal/shared-api';
import { MEDIA_SMALL, Pagination, useMediaQuery } from '@portal/shared-ui';
import { Timeline } from '../../components/Timeline';
import { usePagination } from '../../components/usePagination';
import { PrescriptionRow } from './PrescriptionRow';
import { RenewalBar, RenewalCart } from './RenewalCart';
import styles from './PrescriptionsPage.module.css';

/**
 * Prescriptions with renewal (spec part 1 §2 "Prescriptions list", §4 "Prescription selection"):
 * a fieldset whose legend says what to do, a select-all checkbox (mixed while only some are
 * chosen), every prescription 10 per page with a checkbox on the renewable ones, and the cart. The
 * choice is kept across pages; select-all chooses every renewable prescription, on every page.
 * `targetId` is the prescription the address names (marked when on the shown page).
 */
export function PrescriptionSelection({ prescriptions, targetId = null }: { prescriptions: readonly PrescriptionListItem[]; targetId?: string | null }) {
  const intl = useIntl();
  const selectAllId = useId();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const { page, pageCount, setPage, pageItems } = usePagination(prescriptions);
  const renewable = prescriptions.filter((prescription) => prescription.isRenewable);
  const selected = renewable.filter((prescription) => chosen.has(prescription.id));
  const all = selected.length === renewable.length;
  const some = selected.length > 0 && !all;
  const selectAll = useRef<HTMLInputElement>(null);
  const phone = useMediaQuery(MEDIA_SMALL);

  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = some;
  }, [some]);

  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="portal-vstack-m">
      {phone && <RenewalBar selected={selected} />}
      <fieldset className="portal-fieldset">
        <legend className={`${styles.legend} portal-field__label`}>
          {intl.formatMessage({ id: 'records.prescriptions.selection.legend' })}
        </legend>
        <div className={`${styles.selectAll} portal-items-center portal-flex portal-touch portal-gap-s`}>
          <input
            ref={selectAll}
            id={selectAllId}
            type="checkbox"
            className={`${styles.checkbox} portal-focus-outline`}
            checked={all}
            onChange={(event) => setChosen(event.target.checked ? new Set(renewable.map((p) => p.id)) : new Set())}
          />
          <label htmlFor={selectAllId}>{intl.formatMessage({ id: 'records.prescriptions.selection.selectAll' })}</label>
        </div>
        <Timeline label={intl.formatMessage({ id: 'records.prescriptions.title' })}>
          {pageItems.map((prescription) => (
            <PrescriptionRow
              key={prescription.id}
              prescription={prescription}
              targeted={prescription.id === targetId}
              selection={{ checked: chosen.has(prescription.id), onChange: (on) => toggle(prescription.id, on) }}
            />
          ))}
        </Timeline>
      </fieldset>
      <Pagination currentPage={page} totalPages={pageCount} onPageChange={setPage} />
      <RenewalCart selected={selected} />
    </div>
  );
}
