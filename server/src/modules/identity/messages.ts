import type { Lang } from '@portal/shared-api';
import en from '../../../messages/en.json' with { type: 'json' };
import fi from '../../../messages/fi.json' with { type: 'json' };
import sv from '../../../messages/sv.json' with { type: 'json' };

const catalogues: Record<Lang, Record<string, string>> = { fi, sv, en };

/** Ids this module uses; the catalogues are shared with the rest of the server. */
export type IdentityMessageId = Extract<keyof typeof en, `server.broker.${string}` | `server.identity.${string}`>;

/** A message of server/messages in `lang`, `{name}` arguments filled in (not HTML-escaped). */
export function message(lang: Lang, id: IdentityMessageId, values: Record<string, string> = {}): string {
  const text = catalogues[lang][id] ?? catalogues.en[id] ?? id;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A message if the catalogue has it (ids built at run time, e.g. per identification method). */
export function optionalMessage(lang: Lang, id: string): string | undefined {
  return catalogues[lang][id];
}
