import { formatDate, formatDateTime } from '@portal/shared-i18n';
import { useShell } from '@portal/shared-ui';

/** Date formatters in the shell's language (Europe/Helsinki, spec part 1 §9). */
export function useDates() {
  const { lang } = useShell();
  return {
    date: (value: string) => formatDate(value, lang),
    dateTime: (value: string) => formatDateTime(value, lang),
  };
}
