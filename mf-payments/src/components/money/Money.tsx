import { useShell } from '@portal/shared-ui';
import { formatEuros } from './money';

/** A sum of integer cents in EUR, formatted for the page's language. */
export function Money({ cents, className }: { cents: number; className?: string }) {
  const { lang } = useShell();
  return <span className={className}>{formatEuros(cents, lang)}</span>;
}

/** The EUR formatter of the page's language, for texts that embed a sum. */
export function useEuros(): (cents: number) => string {
  const { lang } = useShell();
  return (cents) => formatEuros(cents, lang);
}
