import type { Lang } from '@portal/shared-api';
import { inLanguage, type Translations } from '../clinics/index';

/**
 * The patient record's fixed vocabularies in the page's language (see clinics/vocabulary.ts for the
 * rule). Headings, test and examination names, pharmaceutical forms and units come from the record
 * system's fixed lists, stored in Finnish as it sends them; diagnoses and laboratory tests are keyed
 * by their codes (ICD-10, the laboratory's test number), which the tables already store. What a
 * person wrote (a visit text's body, a statement, a dosage guide, a referral's description, which
 * spec part 1 §3 shows in Finnish only) is never translated.
 */

/** Referral titles (referrals.title). */
export const REFERRAL_TITLES: Translations = {
  Laboratoriolähete: { sv: 'Laboratorieremiss', en: 'Laboratory referral' },
  Kuvantamislähete: { sv: 'Bilddiagnostikremiss', en: 'Imaging referral' },
};

/** The headings of a medical report's texts (visit_texts.title). */
export const VISIT_TEXT_HEADINGS: Translations = {
  Tulosyy: { sv: 'Besöksorsak', en: 'Reason for visit' },
  Tutkimukset: { sv: 'Undersökningar', en: 'Examinations' },
  Hoitosuunnitelma: { sv: 'Vårdplan', en: 'Treatment plan' },
  Suunnitelma: { sv: 'Plan', en: 'Plan' },
  Yhteenveto: { sv: 'Sammanfattning', en: 'Summary' },
  Terveystarkastus: { sv: 'Hälsokontroll', en: 'Health check' },
  'Hoito-ohje': { sv: 'Vårdanvisning', en: 'Care instructions' },
  Kotiharjoitteet: { sv: 'Hemövningar', en: 'Home exercises' },
};

/** Diagnoses by ICD-10 code (visit_diagnoses.code); the stored description is the Finnish one. */
export const DIAGNOSES: Translations = {
  'J06.9': { sv: 'Akut övre luftvägsinfektion, ospecificerad', en: 'Acute upper respiratory infection, unspecified' },
  'E03.9': { sv: 'Hypotyreos, ospecificerad', en: 'Hypothyroidism, unspecified' },
  'M54.5': { sv: 'Ländryggssmärta', en: 'Low back pain' },
  I10: { sv: 'Essentiell hypertoni', en: 'Essential hypertension' },
  'E78.0': { sv: 'Ren hyperkolesterolemi', en: 'Pure hypercholesterolaemia' },
  'Z10.0': { sv: 'Företagshälsovårdsundersökning', en: 'Occupational health examination' },
  'Z01.4': { sv: 'Gynekologisk undersökning', en: 'Gynaecological examination' },
  'H66.9': { sv: 'Otitis media, ospecificerad', en: 'Otitis media, unspecified' },
};

/** Laboratory tests' names by the laboratory's test number (laboratory_results.code → description). */
export const LABORATORY_TESTS: Translations = {
  '2474': { sv: 'Basblodstatus och trombocyter', en: 'Basic blood count and platelets' },
  '1552': { sv: 'Hemoglobin', en: 'Haemoglobin' },
  '1553': { sv: 'Vita blodkroppar', en: 'White blood cells' },
  '1555': { sv: 'Blodplättar', en: 'Platelets' },
  '4725': { sv: 'Tyreotropin', en: 'Thyroid-stimulating hormone' },
  '2499': { sv: 'Fritt tyroxin', en: 'Free thyroxine' },
  '1026': { sv: 'Bakterieodling av urin', en: 'Urine bacterial culture' },
  '4567': { sv: 'LDL-kolesterol', en: 'LDL cholesterol' },
  '1999': { sv: 'C-reaktivt protein', en: 'C-reactive protein' },
  '3187': { sv: 'Borreliaantikroppar', en: 'Borrelia antibodies' },
  '4390': { sv: 'Njurarnas beräknade filtrationshastighet', en: 'Estimated glomerular filtration rate' },
  '1881': { sv: 'Kemisk screening av urin', en: 'Urine chemical screening' },
  '2131': { sv: 'Grupp A-streptokockantigen från svalgprov', en: 'Group A streptococcus antigen, throat swab' },
};

/** Textual laboratory results from the laboratory's fixed list (laboratory_results.result_text). */
export const LABORATORY_TEXT_RESULTS: Translations = {
  Normaali: { sv: 'Normal', en: 'Normal' },
  Negatiivinen: { sv: 'Negativ', en: 'Negative' },
  Positiivinen: { sv: 'Positiv', en: 'Positive' },
};

/** Imaging examinations (imaging_results.examination_name). */
export const IMAGING_EXAMINATIONS: Translations = {
  'Keuhkojen röntgenkuvaus': { sv: 'Lungröntgen', en: 'Chest X-ray' },
  'Lannerangan magneettikuvaus': { sv: 'Magnetundersökning av ländryggen', en: 'Lumbar spine MRI' },
  'Nilkan röntgenkuvaus': { sv: 'Röntgen av fotleden', en: 'Ankle X-ray' },
  'Sydämen ultraäänitutkimus': { sv: 'Ultraljudsundersökning av hjärtat', en: 'Echocardiography' },
};

/** Pharmaceutical forms (prescriptions.medicine_type). */
export const MEDICINE_FORMS: Translations = {
  tabletti: { sv: 'tablett', en: 'tablet' },
  oraalisuspensio: { sv: 'oral suspension', en: 'oral suspension' },
  inhalaatiosumute: { sv: 'inhalationsspray', en: 'inhalation spray' },
};

/** Package units (prescriptions.package_unit). */
export const PACKAGE_UNITS: Translations = {
  kpl: { sv: 'st.', en: 'pcs' },
  annosta: { sv: 'doser', en: 'doses' },
};

/** Prescribed total amounts in whole packages (prescriptions.total_amount), e.g. '2 pakkausta'. */
export function totalAmountIn(amount: string, lang: Lang): string {
  const packages = /^\s*(\d+)\s+(pakkaus|pakkausta)\s*$/.exec(amount);
  if (lang === 'fi' || !packages) return amount;
  const n = Number(packages[1]);
  if (lang === 'sv') return `${n} ${n === 1 ? 'förpackning' : 'förpackningar'}`;
  return `${n} ${n === 1 ? 'package' : 'packages'}`;
}

/** Vaccines whose product name carries a Finnish note (vaccinations.vaccine_name). */
export const VACCINE_NAMES: Translations = {
  'Fluenz (nenäsumute)': { sv: 'Fluenz (nässpray)', en: 'Fluenz (nasal spray)' },
  'Dukoral (juotava)': { sv: 'Dukoral (oral)', en: 'Dukoral (oral)' },
};

/** Vaccination doses given as a count rather than a volume (vaccinations.dose). */
export const VACCINE_DOSES: Translations = {
  '1 annos': { sv: '1 dos', en: '1 dose' },
};

export const referralTitleIn = (title: string, lang: Lang) => inLanguage(REFERRAL_TITLES, title, lang);
export const visitTextHeadingIn = (heading: string, lang: Lang) => inLanguage(VISIT_TEXT_HEADINGS, heading, lang);
export const diagnosisIn = (code: string, description: string, lang: Lang) => inLanguage(DIAGNOSES, code, lang, description);
export const laboratoryTestNameIn = (code: string, description: string, lang: Lang) => inLanguage(LABORATORY_TESTS, code, lang, description);
export const laboratoryTextResultIn = (text: string, lang: Lang) => inLanguage(LABORATORY_TEXT_RESULTS, text, lang);
export const imagingExaminationIn = (name: string, lang: Lang) => inLanguage(IMAGING_EXAMINATIONS, name, lang);
export const medicineFormIn = (form: string, lang: Lang) => inLanguage(MEDICINE_FORMS, form, lang);
export const packageUnitIn = (unit: string, lang: Lang) => inLanguage(PACKAGE_UNITS, unit, lang);
export const vaccineNameIn = (name: string, lang: Lang) => inLanguage(VACCINE_NAMES, name, lang);
export const vaccineDoseIn = (dose: string, lang: Lang) => inLanguage(VACCINE_DOSES, dose, lang);

const FHIR_TRANSLATION = 'http://hl7.org/fhir/StructureDefinition/translation';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A FHIR resource's `title` in `lang`: the form carries its other languages in FHIR's standard
 * translation extension on `_title` ({ url: …/translation, extension: [{ url: 'lang', valueCode },
 * { url: 'content', valueString }] }); without one for `lang`, `fallback` (the title as stored).
 */
export function fhirTitleIn(resource: unknown, fallback: string, lang: Lang): string {
  if (lang === 'fi' || !isRecord(resource) || !isRecord(resource._title) || !Array.isArray(resource._title.extension)) return fallback;
  for (const translation of resource._title.extension) {
    if (!isRecord(translation) || translation.url !== FHIR_TRANSLATION || !Array.isArray(translation.extension)) continue;
    const parts = translation.extension.filter(isRecord);
    const code = parts.find((part) => part.url === 'lang')?.valueCode;
    const content = parts.find((part) => part.url === 'content')?.valueString;
    if (code === lang && typeof content === 'string' && content.trim()) return content;
  }
  return fallback;
}

/** The FHIR `_title` element carrying a title's Swedish and English translations (for the demo forms). */
export function fhirTitleTranslations(translations: { sv: string; en: string }) {
  return {
    extension: (['sv', 'en'] as const).map((lang) => ({
      url: FHIR_TRANSLATION,
      extension: [
        { url: 'lang', valueCode: lang },
        { url: 'content', valueString: translations[lang] },
      ],
    })),
  };
}
