import { formatDateTime, formatRelative } from '@portal/shared-i18n';
import { useShell } from '@portal/shared-ui';

/** Message dates in the shell's language, Europe/Helsinki (spec part 1 §9). */
export function useMessageDates() {
  const { lang } = useShell();
  return {
    /** within 24 h relative ('5 min ago'), 24–48 h 'yesterday', else a short date */
    relative: (value: string, now?: Date) => formatRelative(value, lang, now),
    /** the full date and time, e.g. for a <time>'s title */
    dateTime: (value: string) => formatDateTime(value, lang),
  };
}
