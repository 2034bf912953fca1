import type { Lang } from '@portal/shared-api';
import en from '../../messages/en.json';
import fi from '../../messages/fi.json';
import sv from '../../messages/sv.json';

type ServerMessages = typeof fi;
const catalogues: Record<Lang, ServerMessages> = { fi, sv, en };

export function serverMessage(lang: Lang, id: keyof ServerMessages): string {
  return catalogues[lang][id];
}
