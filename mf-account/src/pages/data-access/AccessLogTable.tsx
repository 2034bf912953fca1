import { forwardRef } from 'react';
import { useIntl } from 'react-intl';
import type { AccessLogEntry } from '@portal/shared-api';
import { formatDateTime } from '@portal/shared-i18n';
import { useShell } from '@portal/shared-ui';
import styles from './DataAccessPage.module.css';

/** Who read, in words: the role (a professional's own when known), and "you" when it was the signed-in user. */
export function roleMessageId(entry: Pick<AccessLogEntry, 'role' | 'byYou' | 'professionalRole'>): string {
  // Never "you": neither is a reader the signed-in user can be.
  if (entry.role === 'professional') return `account.data-access.role.professional${entry.professionalRole ? `.${entry.professionalRole}` : ''}`;
  if (entry.role === 'otherUser') return `account.data-access.role.${entry.role}`;
  return `account.data-access.role.${entry.role}${entry.byYou ? '.you' : ''}`;
}

/**
 * What one entry read: a single kind of data as text; a page view's kinds as a list, under the
 * page's name when it has one (the front page).
 */
function EntryData({ entry }: { entry: Pick<AccessLogEntry, 'categories' | 'page'> }) {
  const intl = useIntl();
  const kinds = entry.categories.map((category) => ({ category, label: intl.formatMessage({ id: `account.data-access.category.${category}` }) }));
  if (!entry.page && kinds.length === 1) return <>{kinds[0]!.label}</>;
  return (
    <>
      {entry.page && <span className="portal-block portal-bold">{intl.formatMessage({ id: `account.data-access.page.${entry.page}` })}</span>}
      <ul className={styles.kinds}>
        {kinds.map(({ category, label }) => (
          <li key={category}>{label}</li>
        ))}
      </ul>
    </>
  );
}

/**
 * One page of the access log as a table: when (Helsinki time), who, what data. A row is one page
 * view (the reads of one request): "Front page: Appointments, Messages and …".
 */
export const AccessLogTable = forwardRef<HTMLTableElement, { entries: readonly AccessLogEntry[]; caption: string; busy: boolean }>(function AccessLogTable(
  { entries, caption, busy },
  ref,
) {
  const intl = useIntl();
  const { lang } = useShell();
  return (
    <div className="portal-table-scroll portal-mb-m">
      <table ref={ref} tabIndex={-1} className={`${styles.table} portal-table portal-focus-outline`} aria-busy={busy || undefined}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage({ id: 'account.data-access.column.time' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'account.data-access.column.who' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'account.data-access.column.data' })}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                <time dateTime={entry.at}>{formatDateTime(entry.at, lang)}</time>
              </td>
              <td>{intl.formatMessage({ id: roleMessageId(entry) })}</td>
              <td>
                <EntryData entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
