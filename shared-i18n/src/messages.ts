import en from '../messages/en.json';
import fi from '../messages/fi.json';
import sv from '../messages/sv.json';
import type { Lang } from './languages';

/** A flat catalogue: message id → ICU message. */
export type Messages = Readonly<Record<string, string>>;
/** One package's catalogues, one per language (the three messages/*.json files). */
export type Catalogue = Readonly<Record<Lang, Messages>>;

/**
 * A package's catalogue as a browser bundle takes it: one dynamic `import()` of messages/{lang}.json per
 * language, so each language is a chunk of its own and a page fetches only the language it shows.
 * (The pre-render bundles and the server need every language at once and import the JSON directly.)
 */
export type CatalogueImports = Readonly<Record<Lang, () => Promise<{ default: Messages }>>>;

/**
 * The texts of `lang` from `imports`, as a catalogue of that one language (for createIntlMessages).
 * A failed import is tried once more at once: the server preloads the page language's chunk
 * (server/src/pages/page-hints.ts), and Chromium hands a preload that failed (a remote unreachable
 * for a moment, the network dropped) to the first import of that file, which then fails without
 * asking the network; the second import asks it.
 */
export async function importCatalogue(imports: CatalogueImports, lang: Lang): Promise<Partial<Catalogue>> {
  const load = imports[lang];
  const { default: messages } = await load().catch(() => load());
  return { [lang]: messages };
}

/** The `common.*` texts every part of the portal shares. */
export const commonMessages: Catalogue = { fi, sv, en };

/**
 * The messages for an IntlProvider: the common catalogue first, then each given catalogue in order
 * (a later id wins, so a remote could override a common text, though ids are prefixed to avoid that).
 */
export function createIntlMessages(lang: Lang, ...catalogues: ReadonlyArray<Partial<Catalogue>>): Record<string, string> {
  return Object.assign({}, commonMessages[lang], ...catalogues.map((catalogue) => catalogue[lang] ?? {}));
}
