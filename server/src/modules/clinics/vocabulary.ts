import type { Lang } from '@portal/shared-api';

/**
 * Fixed vocabularies in the page's language. The source systems (the practitioner registry, the
 * patient record) send their fixed terms in Finnish, and the tables keep them as sent; a table here
 * maps each term (or its code) to Swedish and English, and the loaders answer the page's language.
 * A term no table knows (free text a person wrote, a new term) is shown as stored.
 */
export type Translations = Readonly<Record<string, { readonly sv: string; readonly en: string }>>;

/** `term` (Finnish, or the code the table is keyed by) in `lang`; the stored text when the table has no entry. */
export function inLanguage(table: Translations, term: string, lang: Lang, fallback: string = term): string {
  if (lang === 'fi') return fallback;
  return table[term.trim()]?.[lang] ?? fallback;
}

/** Practitioners' professional titles (practitioners.title, copied to messaging users' title). */
export const PRACTITIONER_TITLES: Translations = {
  Yleislääkäri: { sv: 'Allmänläkare', en: 'General practitioner' },
  Työterveyslääkäri: { sv: 'Företagsläkare', en: 'Occupational health physician' },
  Työterveyshoitaja: { sv: 'Företagshälsovårdare', en: 'Occupational health nurse' },
  Sairaanhoitaja: { sv: 'Sjukskötare', en: 'Nurse' },
  Psykologi: { sv: 'Psykolog', en: 'Psychologist' },
  Työterveyspsykologi: { sv: 'Företagspsykolog', en: 'Occupational health psychologist' },
  'Endokrinologian erikoislääkäri': { sv: 'Specialistläkare i endokrinologi', en: 'Endocrinologist' },
  'Naistentautien erikoislääkäri': { sv: 'Specialistläkare i kvinnosjukdomar', en: 'Gynaecologist' },
  'Lastentautien erikoislääkäri': { sv: 'Specialistläkare i barnsjukdomar', en: 'Paediatrician' },
  'Geriatrian erikoislääkäri': { sv: 'Specialistläkare i geriatrik', en: 'Geriatrician' },
  Fysioterapeutti: { sv: 'Fysioterapeut', en: 'Physiotherapist' },
  // bookable resources (practitioners.isResource)
  Rokotuspiste: { sv: 'Vaccinationspunkt', en: 'Vaccination point' },
  Laboratorio: { sv: 'Laboratorium', en: 'Laboratory' },
};

/** A practitioner's title in the page's language (as stored when it is not a known title). */
export function practitionerTitleIn(title: string, lang: Lang): string {
  return inLanguage(PRACTITIONER_TITLES, title, lang);
}
