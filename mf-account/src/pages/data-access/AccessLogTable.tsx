import { forwardRef } from 'react';
import { useIntl } from 'react-intl';
import type { AccessLogEntry } from '@portal/shared-api';
import { formatDateTime } from '@portal/shared-i18n';
import { useShell } from '@portal/shared-ui';
import styles from './DataAccessPage.module.css';

/** Who read, in words: the role, and "you" when it was the signed-in user. */
export function roleMessageId(entry: Pick<AccessLogEntry, 'role' | 'byYou'>): string {
  // Never "you": neither is a reader the signed-in user can be.
  if (entry.role === 'otherUser' || entry.role === 'professional') return `account.data-access.role.${entry.role}`;
  return `account.data-access.role.${entry.role}${entry.byYou ? '.you' : ''}`;
}

/** One page of the access log as a table: when (Helsinki time), who, what kind of data. */
export const AccessLogTable = forwardRef<HTMLTableElement, { entries: readonly AccessLogEntry[]; caption: string; busy: boolean }>(function AccessLogTable(
  { entries, caption, busy },
  ref,
) {
  const intl = useIntl();
  const { lang } = useShell();
  return (
    <div className={styles.tableWrapper}>
      <table ref={ref} tabIndex={-1} className={styles.table} aria-busy={busy || undefined}>
        <caption className={styles.caption}>{caption}</caption>
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
              <td>{intl.formatMessage({ id: `account.data-access.category.${entry.category}` })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
