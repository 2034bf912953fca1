import type { Lang } from '@portal/shared-api';
import { createIntlMessages, importCatalogue, type CatalogueImports } from '@portal/shared-i18n';

/** The shell's texts, one chunk per language: a page fetches only its own language. */
const shellCatalogueImports: CatalogueImports = {
  fi: () => import('../../messages/fi.json'),
  sv: () => import('../../messages/sv.json'),
  en: () => import('../../messages/en.json'),
};

/** The shell's texts (common + its own) in `lang`, for its IntlProvider; imported before the first render. */
export async function importShellMessages(lang: Lang): Promise<Record<string, string>> {
  return createIntlMessages(lang, await importCatalogue(shellCatalogueImports, lang));
}
