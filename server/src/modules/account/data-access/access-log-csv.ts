import type { AccessLogEntry, Lang } from '@portal/shared-api';
import { serverMessage } from '../../../pages/messages';

/**
 * The access log as a CSV file (RFC 4180: comma-separated, CRLF line ends, fields quoted where
 * needed), in the page's language: time (Helsinki, yyyy-MM-dd HH:mm:ss), who, what data. A UTF-8
 * byte order mark first, so that spreadsheet programs read ä and ö right. Every text is the
 * server's catalogue's (server/messages, the same words as mf-account's page): the file names
 * roles and kinds of data, never people, identity codes or audit actions.
 */

type Text = Parameters<typeof serverMessage>[1];
const text = (lang: Lang, id: string): string => serverMessage(lang, `server.account.accessLog.${id}` as Text);

const helsinkiTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Helsinki',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** A field as RFC 4180 has it; a text a spreadsheet would take for a formula gets a leading apostrophe. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Who read, in words (the page's roleMessageId, with the professional's role when known). */
export function whoText(entry: Pick<AccessLogEntry, 'role' | 'byYou' | 'professionalRole'>, lang: Lang): string {
  if (entry.role === 'professional') return text(lang, entry.professionalRole ? `role.professional.${entry.professionalRole}` : 'role.professional');
  if (entry.role === 'otherUser') return text(lang, 'role.otherUser');
  return text(lang, `role.${entry.role}${entry.byYou ? '.you' : ''}`);
}

/** What was read, in words: the kinds of data ("; " between them), after the page's name when the entry has one. */
export function dataText(entry: Pick<AccessLogEntry, 'categories' | 'page'>, lang: Lang): string {
  const kinds = entry.categories.map((category) => text(lang, `category.${category}`)).join('; ');
  return entry.page ? `${text(lang, `page.${entry.page}`)}: ${kinds}` : kinds;
}

export const accessLogCsv = {
  fileStem: (lang: Lang) => text(lang, 'fileName'),
  render(entries: readonly AccessLogEntry[], lang: Lang): string {
    const header = ['column.time', 'column.who', 'column.data'].map((id) => field(text(lang, id)));
    const rows = entries.map((entry) => [helsinkiTime.format(new Date(entry.at)), whoText(entry, lang), dataText(entry, lang)].map(field));
    return `\uFEFF${[header, ...rows].map((row) => row.join(',')).join('\r\n')}\r\n`;
  },
};
