import { formatDate } from '@portal/shared-i18n';
import { useShell } from '@portal/shared-ui';

/** Calendar dates in the page's language (Europe/Helsinki, spec part 2 §9): fi/sv '22.11.2026', en '22 November 2026'. */
export function useDates() {
  const { lang } = useShell();
  return { date: (value: string) => formatDate(value, lang) };
}
