import { useIntl } from 'react-intl';
import type { ContactFieldName } from '@portal/shared-api';
import { Button, useShell } from '@portal/shared-ui';
import type { BookingBlocker } from './booking-rules';

export interface BookingBlockedReasonProps {
  blockers: readonly BookingBlocker[];
  /** the contact fields that fail §5's rules, in the page's order */
  failingContactFields: readonly ContactFieldName[];
  /** opens the contact details' edit form on this page */
  onEditContact(): void;
  /** My information with the saveAction back here; null where it does not exist */
  myInformationHref: string | null;
}

/**
 * Why "Reserve appointment" is disabled (spec part 2 §5 "Logged-in booking button"), one line per
 * condition still unmet, and for missing contact details the two ways to add them: here, or in My
 * information, which comes back to this reservation.
 */
export function BookingBlockedReason({ blockers, failingContactFields, onEditContact, myInformationHref }: BookingBlockedReasonProps) {
  const intl = useIntl();
  const shell = useShell();
  const t = (key: string, values?: Record<string, string>) => intl.formatMessage({ id: `booking.reservation.blocked.${key}` }, values);
  const fields = intl.formatList(
    failingContactFields.map((field) => intl.formatMessage({ id: `booking.reservation.contact.field.${field}` }).toLocaleLowerCase(shell.lang)),
    { type: 'conjunction' },
  );
  return (
    <>
      <p>{t('intro')}</p>
      <ul>
        {blockers.map((blocker) => (
          <li key={blocker}>{blocker === 'contact' ? t('contact', { fields }) : t(blocker)}</li>
        ))}
      </ul>
      {blockers.includes('contact') && (
        <div className="portal-form-actions portal-items-center">
          <Button variant="secondary" size="small" onClick={onEditContact}>
            {t('editContact')}
          </Button>
          {myInformationHref && (
            <a
              href={myInformationHref}
              onClick={(event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                shell.navigate(myInformationHref);
              }}
            >
              {intl.formatMessage({ id: 'booking.reservation.contact.myInformation' })}
            </a>
          )}
        </div>
      )}
    </>
  );
}
