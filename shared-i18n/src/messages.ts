import en from '../messages/en.json';
import fi from '../messages/fi.json';
import sv from '../messages/sv.json';
import type { Lang } from './languages';

/** A flat catalogue: message id → ICU message. */
export type Messages = Readonly<Record<string, string>>;
/** One package's catalogues, one per language (the three messages/*.json files). */
export type Catalogue = Readonly<Record<Lang, Messages>>;

/** The `common.*` texts every part of the portal shares. */
export const commonMessages: Catalogue = { fi, sv, en };

/**
 * The messages for an IntlProvider: the common catalogue first, then each given catalogue in order
 * (a later id wins, so a remote could override a common text, though ids are prefixed to avoid that).
 */
export function createIntlMessages(lang: Lang, ...catalogues: ReadonlyArray<Partial<Catalogue>>): Record<string, string> {
  return Object.assign({}, commonMessages[lang], ...catalogues.map((catalogue) => catalogue[lang] ?? {}));
}
