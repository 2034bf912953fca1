import type { Lang } from '@portal/shared-api';
import { createIntlMessages } from '@portal/shared-i18n';
import en from '../../messages/en.json';
import fi from '../../messages/fi.json';
import sv from '../../messages/sv.json';

/** All three catalogues are bundled: together a few kilobytes, and the shell needs them before first paint. */
export const shellCatalogue = { fi, sv, en } as const;

export function shellMessages(lang: Lang): Record<string, string> {
  return createIntlMessages(lang, shellCatalogue);
}
