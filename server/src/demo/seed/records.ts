import type { Database } from '../../db/index';
import { addDays, helsinkiInstant } from '@portal/shared-i18n';
import { allPractitioners } from '../../modules/clinics/index';
import { fhirTitleTranslations } from '../../modules/records/index';
import {
  certificates,
  imagingResults,
  laboratoryResults,
  prescriptions,
  questionnaireInvitations,
  referrals,
  vaccinations,
  visitDiagnoses,
  visits,
  visitTexts,
} from '../../modules/records/schema';
import type { DemoWorld } from './personas';

type Ids = Map<string, number>;

interface VisitSeed {
  daysAgo: number;
  hour: number;
  practitioner: string;
  specialtyId: string;
  clinicId: string;
  visitType: 'private' | 'occupationalHealth';
  visitKind: 'healthCare' | 'nursing' | 'physiotherapy' | 'other';
  diagnoses: { code: string; description: string }[];
  texts: { title: string; body: string }[];
}

async function seedVisits(db: Database, personId: string, today: string, ids: Ids, list: VisitSeed[]) {
  for (const v of list) {
    const [row] = await db
      .insert(visits)
      .values({
        personId,
        dateTime: helsinkiInstant(addDays(today, -v.daysAgo), v.hour, 15),
        practitionerId: ids.get(v.practitioner)!,
        specialtyId: v.specialtyId,
        clinicId: v.clinicId,
        visitType: v.visitType,
        visitKind: v.visitKind,
      })
      .returning({ id: visits.id });
    if (v.diagnoses.length) await db.insert(visitDiagnoses).values(v.diagnoses.map((d) => ({ visitId: row!.id, ...d })));
    if (v.texts.length) await db.insert(visitTexts).values(v.texts.map((t, position) => ({ visitId: row!.id, position, ...t })));
  }
}

type LabSeed = {
  code: string;
  name: string;
  ready: boolean;
  /** numeric result: value, unit, range; textual: text */
  value?: number;
  prefix?: 'greaterThan' | 'greaterThanOrEqual' | 'lessThan' | 'lessThanOrEqual';
  unit?: string;
  min?: number;
  max?: number;
  text?: string;
  description?: string;
  additional?: string;
  items?: LabSeed[];
};

async function seedLabDay(db: Database, personId: string, date: string, tests: LabSeed[]) {
  const columns = (t: LabSeed, position: number) => {
    const numeric = t.value !== undefined;
    return {
      personId,
      sampleDate: date,
      position,
      code: t.code,
      displayName: t.name,
      isReady: t.ready,
      resultType: !t.ready ? null : numeric ? ('numeric' as const) : t.text !== undefined ? ('textual' as const) : null,
      resultText: t.ready ? (t.text ?? null) : null,
      prefix: t.ready ? (t.prefix ?? null) : null,
      resultNumber: t.ready && numeric ? t.value! : null,
      isWithinReferenceRange:
        t.ready && numeric ? (t.min === undefined || t.value! >= t.min) && (t.max === undefined || t.value! <= t.max) : null,
      unit: t.unit ?? null,
      referenceMin: t.min ?? null,
      referenceMax: t.max ?? null,
      description: t.description ?? null,
      additionalResult: t.additional ?? null,
    };
  };
  for (const [position, test] of tests.entries()) {
    if (!test.items) {
      await db.insert(laboratoryResults).values({ ...columns(test, position), kind: 'single' });
      continue;
    }
    const [pkg] = await db
      .insert(laboratoryResults)
      .values({ ...columns(test, position), kind: 'package', isReady: test.items.every((i) => i.ready) })
      .returning({ id: laboratoryResults.id });
    await db
      .insert(laboratoryResults)
      .values(test.items.map((item, i) => ({ ...columns(item, i), kind: 'item' as const, packageId: pkg!.id })));
  }
}

const bloodCount = (ready: boolean, hb = 148): LabSeed => ({
  code: '2474',
  name: 'B -PVK+T',
  ready,
  description: 'Perusverenkuva ja trombosyytit',
  items: [
    { code: '1552', name: 'B -Hb', ready, value: hb, unit: 'g/l', min: 134, max: 167, description: 'Hemoglobiini' },
    { code: '1553', name: 'B -Leuk', ready, value: 6.1, unit: 'E9/l', min: 3.4, max: 8.2, description: 'Valkosolut' },
    { code: '1555', name: 'B -Trom', ready, value: 245, unit: 'E9/l', min: 150, max: 360, description: 'Verihiutaleet' },
  ],
});

// --- Questionnaires (records.questionnaire*): FHIR R4 forms and answers ---
// Forms are FHIR R4 Questionnaire resources (the subset of shared-api's fhir-questionnaire.ts); their
// texts are Finnish only, as a provider's own forms are, but their titles (shown in lists, on the front
// page and in messages) carry Swedish and English in FHIR's translation extension on `_title`.
// Answers are QuestionnaireResponse resources.
const PORTAL_FHIR = 'https://fhir.patient-portal.example';
const formMessages = (success: string) => [
  { url: `${PORTAL_FHIR}/StructureDefinition/questionnaire-success-message`, valueString: success },
  { url: `${PORTAL_FHIR}/StructureDefinition/questionnaire-error-message`, valueString: 'Vastausten tallentaminen epäonnistui. Yritä hetken kuluttua uudelleen.' },
];
const LOINC = 'http://loinc.org';
const phqFrequency = [
  { valueCoding: { system: LOINC, code: 'LA6568-5', display: 'Ei lainkaan' } },
  { valueCoding: { system: LOINC, code: 'LA6569-3', display: 'Useana päivänä' } },
  { valueCoding: { system: LOINC, code: 'LA6570-1', display: 'Yli puolena päivistä' } },
  { valueCoding: { system: LOINC, code: 'LA6571-9', display: 'Lähes joka päivä' } },
];

/** Wellbeing: a 0–10 integer, a group of choices (PHQ-2), a yes/no with a required follow-up, a date. */
const WELLBEING_FORM = {
  resourceType: 'Questionnaire',
  id: 'wellbeing-v1',
  url: `${PORTAL_FHIR}/Questionnaire/wellbeing-v1`,
  version: '1',
  name: 'Wellbeing',
  title: 'Hyvinvointikysely',
  _title: fhirTitleTranslations({ sv: 'Enkät om välmående', en: 'Wellbeing questionnaire' }),
  status: 'active',
  language: 'fi',
  description: 'Vastauksesi auttavat psykologia valmistautumaan seuraavaan tapaamiseenne. Vastaaminen vie noin viisi minuuttia.',
  extension: formMessages('Kiitos vastauksistasi! Psykologi käy ne läpi ennen seuraavaa tapaamistanne.'),
  item: [
    { linkId: 'intro', type: 'display', text: 'Vastaa kysymyksiin kahden viime viikon ajalta.' },
    {
      linkId: 'mood', type: 'integer', required: true,
      text: 'Millainen mielialasi on ollut asteikolla 0–10? (0 = erittäin huono, 10 = erittäin hyvä)',
      extension: [
        { url: 'http://hl7.org/fhir/StructureDefinition/minValue', valueInteger: 0 },
        { url: 'http://hl7.org/fhir/StructureDefinition/maxValue', valueInteger: 10 },
      ],
    },
    {
      linkId: 'phq2', type: 'group', text: 'Kuinka usein seuraavat asiat ovat vaivanneet sinua kahden viime viikon aikana?',
      item: [
        { linkId: 'interest', type: 'choice', text: 'Vähäinen kiinnostus tai mielihyvä asioiden tekemiseen', answerOption: phqFrequency },
        { linkId: 'down', type: 'choice', text: 'Alakuloisuus, masentuneisuus tai toivottomuus', answerOption: phqFrequency },
      ],
    },
    { linkId: 'sleepProblems', type: 'boolean', text: 'Onko sinulla ollut univaikeuksia?' },
    {
      linkId: 'sleepDescription', type: 'text', required: true, maxLength: 1000,
      text: 'Kerro lyhyesti, millaisia univaikeuksia sinulla on ollut.',
      enableWhen: [{ question: 'sleepProblems', operator: '=', answerBoolean: true }],
    },
    { linkId: 'lastSickLeave', type: 'date', text: 'Milloin olit viimeksi sairauslomalla? Jätä tyhjäksi, jos et ole ollut.' },
    { linkId: 'notes', type: 'string', maxLength: 200, text: 'Mitä muuta haluat kertoa psykologille?' },
  ],
};

const AUDIT = `${PORTAL_FHIR}/CodeSystem/audit-c`;
const auditOptions = (question: string, displays: string[]) =>
  displays.map((display, points) => ({ valueCoding: { system: AUDIT, code: `${question}-${points}`, display } }));

/** AUDIT-C: three required choices; the amounts are asked only from someone who drinks at all (!=). */
const AUDIT_C_FORM = {
  resourceType: 'Questionnaire',
  id: 'audit-c-v1',
  url: `${PORTAL_FHIR}/Questionnaire/audit-c-v1`,
  version: '1',
  name: 'AuditC',
  title: 'Alkoholinkäyttö (AUDIT-C)',
  _title: fhirTitleTranslations({ sv: 'Alkoholbruk (AUDIT-C)', en: 'Alcohol use (AUDIT-C)' }),
  status: 'active',
  language: 'fi',
  description: 'Lyhyt kysely alkoholinkäytöstä terveystarkastusta varten.',
  extension: formMessages('Kiitos! Vastauksesi käydään läpi terveystarkastuksessa.'),
  item: [
    { linkId: 'portion', type: 'display', text: 'Yksi annos on esimerkiksi pullo (0,33 l) keskiolutta, lasi (12 cl) viiniä tai 4 cl väkevää alkoholijuomaa.' },
    {
      linkId: 'frequency', type: 'choice', required: true, text: 'Kuinka usein juot olutta, viiniä tai muita alkoholijuomia?',
      answerOption: auditOptions('q1', ['Ei koskaan', 'Noin kerran kuussa tai harvemmin', '2–4 kertaa kuussa', '2–3 kertaa viikossa', '4 kertaa viikossa tai useammin']),
    },
    {
      linkId: 'typicalAmount', type: 'choice', required: true, text: 'Kuinka monta annosta alkoholia yleensä juot niinä päivinä, joina käytät alkoholia?',
      answerOption: auditOptions('q2', ['1–2 annosta', '3–4 annosta', '5–6 annosta', '7–9 annosta', '10 annosta tai enemmän']),
      enableWhen: [{ question: 'frequency', operator: '!=', answerCoding: { system: AUDIT, code: 'q1-0' } }],
    },
    {
      linkId: 'sixOrMore', type: 'choice', required: true, text: 'Kuinka usein juot kerralla kuusi annosta tai enemmän?',
      answerOption: auditOptions('q3', ['En koskaan', 'Harvemmin kuin kuukausittain', 'Kuukausittain', 'Viikoittain', 'Päivittäin tai lähes päivittäin']),
      enableWhen: [{ question: 'frequency', operator: '!=', answerCoding: { system: AUDIT, code: 'q1-0' } }],
    },
  ],
};

const completed = (form: { url: string }, item: unknown[]) => ({ resourceType: 'QuestionnaireResponse', status: 'completed', questionnaire: form.url, item });
const audit = (question: string, points: number, display: string) => ({ valueCoding: { system: AUDIT, code: `${question}-${points}`, display } });
// --- end of questionnaire forms ---

/**
 * The records part of the demo world (spec part 1 §2, part 2 §2): every persona's visits,
 * prescriptions, laboratory and imaging results, referrals, questionnaires, certificates and
 * vaccinations, relative to `world.today`. Practitioners come from the clinics' part (./clinics.ts).
 */
export async function seedRecords(db: Database, world: DemoWorld): Promise<void> {
  const { today } = world;
  const { mikko, aino, leena, ella } = world.people;
  // Practitioner ids by last name (unique in the catalogue), as the records name who wrote them.
  const ids: Ids = new Map(
    (await allPractitioners(db)).map((p) => [p.lastName, p.id]),
  );

  // Mikko: private and insurance customer with everything.
  await seedVisits(db, mikko, today, ids, [
    {
      daysAgo: 3, hour: 9, practitioner: 'Lahtinen', specialtyId: 'YLE', clinicId: 'KA', visitType: 'private', visitKind: 'healthCare',
      diagnoses: [{ code: 'J06.9', description: 'Ylähengitystieinfektio' }],
      texts: [
        { title: 'Tulosyy', body: 'Kurkkukipu ja yskä viikon ajan.' },
        { title: 'Hoito-ohje', body: 'Lepoa, riittävästi nesteitä. Uusi käynti, jos oireet pahenevat.' },
      ],
    },
    {
      daysAgo: 24, hour: 14, practitioner: 'Rantanen', specialtyId: 'ENDO', clinicId: 'KA', visitType: 'private', visitKind: 'healthCare',
      diagnoses: [{ code: 'E03.9', description: 'Kilpirauhasen vajaatoiminta' }],
      texts: [{ title: 'Suunnitelma', body: 'Tyroksiiniannos ennallaan, kontrolliverikokeet kolmen kuukauden kuluttua.' }],
    },
    {
      daysAgo: 61, hour: 10, practitioner: 'Laaksonen', specialtyId: 'PSY', clinicId: 'OS', visitType: 'private', visitKind: 'other',
      diagnoses: [], texts: [{ title: 'Yhteenveto', body: 'Stressinhallintaa käsitelty. Jatketaan kahden viikon välein.' }],
    },
    {
      daysAgo: 140, hour: 8, practitioner: 'Karjalainen', specialtyId: 'FYS', clinicId: 'LPV', visitType: 'private', visitKind: 'physiotherapy',
      diagnoses: [{ code: 'M54.5', description: 'Alaselkäkipu' }], texts: [{ title: 'Kotiharjoitteet', body: 'Lantion kallistus 3 × 10 päivittäin.' }],
    },
  ]);
  await db.insert(prescriptions).values([
    {
      personId: mikko, medicineName: 'Thyroxin', strength: '100 mikrog', issuedDate: addDays(today, -24), isRenewable: true,
      medicineType: 'tabletti', packageUnit: 'kpl', packageSize: 100, packageCount: 1, treatmentLength: 1, treatmentLengthUnit: 'year',
      totalAmount: '1 pakkaus', dosageGuide: '1 tabletti aamulla tyhjään mahaan', usageGuide: 'Kilpirauhasen vajaatoimintaan',
    },
    {
      personId: mikko, medicineName: 'Amoxin', strength: '750 mg', issuedDate: addDays(today, -3), isRenewable: false,
      medicineType: 'tabletti', packageUnit: 'kpl', packageSize: 20, packageCount: 1, treatmentLength: 10, treatmentLengthUnit: 'day',
      totalAmount: '1 pakkaus', dosageGuide: '1 tabletti 2 kertaa päivässä', usageGuide: 'Tulehdukseen',
    },
    {
      personId: mikko, medicineName: 'Burana', strength: '400 mg', issuedDate: addDays(today, -140), isRenewable: true,
      medicineType: 'tabletti', packageUnit: 'kpl', packageSize: 30, packageCount: 2, treatmentLength: 3, treatmentLengthUnit: 'month',
      totalAmount: '2 pakkausta', dosageGuide: '1 tabletti tarvittaessa, enintään 3 päivässä', usageGuide: 'Kipuun',
    },
    {
      personId: mikko, medicineName: 'Ventoline Evohaler', strength: '0,1 mg/annos', issuedDate: addDays(today, -300), isRenewable: true,
      medicineType: 'inhalaatiosumute', packageUnit: 'annosta', packageSize: 200, packageCount: 1, treatmentLength: 1, treatmentLengthUnit: 'year',
      totalAmount: '1 pakkaus', dosageGuide: '1–2 annosta tarvittaessa', usageGuide: 'Hengenahdistukseen',
    },
    {
      personId: mikko, medicineName: 'Panacod', strength: '500 mg/30 mg', issuedDate: addDays(today, -420), isRenewable: false,
      medicineType: 'tabletti', packageUnit: 'kpl', packageSize: 10, packageCount: 1, treatmentLength: 5, treatmentLengthUnit: 'day',
      totalAmount: '1 pakkaus', dosageGuide: '1–2 tablettia enintään 3 kertaa päivässä', usageGuide: 'Kovaan kipuun',
    },
  ]);
  // Lab: a pending day, a ready day with a warning, and older ready days.
  await seedLabDay(db, mikko, addDays(today, -1), [
    { code: '4725', name: 'P -TSH', ready: true, value: 2.1, unit: 'mU/l', min: 0.5, max: 3.6, description: 'Tyreotropiini' },
    { code: '2499', name: 'P -T4-V', ready: false, unit: 'pmol/l', min: 11, max: 22, description: 'Vapaa tyroksiini' },
    { code: '1026', name: 'U -BaktVi', ready: false, description: 'Virtsan bakteeriviljely' },
  ]);
  await seedLabDay(db, mikko, addDays(today, -24), [
    bloodCount(true, 128),
    { code: '4567', name: 'fP -Kol-LDL', ready: true, value: 3.4, unit: 'mmol/l', max: 3.0, description: 'LDL-kolesteroli', additional: 'Ruokavalio-ohjaus suositeltavaa.' },
    { code: '1999', name: 'P -CRP', ready: true, prefix: 'lessThan', value: 3, unit: 'mg/l', max: 10, description: 'C-reaktiivinen proteiini' },
  ]);
  await seedLabDay(db, mikko, addDays(today, -95), [
    { code: '4725', name: 'P -TSH', ready: true, value: 4.2, unit: 'mU/l', min: 0.5, max: 3.6, description: 'Tyreotropiini' },
    { code: '3187', name: 'S -Borr-Ab', ready: true, text: 'Negatiivinen', description: 'Borrelia-vasta-aineet' },
  ]);
  await seedLabDay(db, mikko, addDays(today, -400), [bloodCount(true)]);
  await db.insert(imagingResults).values([
    { personId: mikko, imagingDate: addDays(today, -10), examinationName: 'Keuhkojen röntgenkuvaus', statementText: 'Keuhkokentät puhtaat. Sydämen koko normaali.' },
    { personId: mikko, imagingDate: addDays(today, -150), examinationName: 'Lannerangan magneettikuvaus', statementText: 'L4–L5-välissä lievä välilevyn pullistuma ilman hermojuuren pinnetta.' },
    { personId: mikko, imagingDate: addDays(today, -380), examinationName: null, statementText: null },
    { personId: mikko, imagingDate: addDays(today, -700), examinationName: 'Nilkan röntgenkuvaus', statementText: 'Ei murtumaa.' },
  ]);
  await db.insert(referrals).values([
    {
      personId: mikko, type: 'laboratory', title: 'Laboratoriolähete', description: 'Kilpirauhasen kontrollikokeet: TSH, T4-V.',
      creationDate: addDays(today, -24), validUntil: addDays(today, 66), practitionerId: ids.get('Rantanen')!,
      patientInstructionsUrl: 'https://www.example.fi/ohjeet/laboratorio',
    },
    {
      personId: mikko, type: 'imaging', title: 'Kuvantamislähete', description: 'Olkapään ultraäänitutkimus.',
      creationDate: addDays(today, -3), validUntil: addDays(today, 10), practitionerId: ids.get('Lahtinen')!, patientInstructionsUrl: null,
    },
    {
      personId: mikko, type: 'laboratory', title: 'Laboratoriolähete', description: 'Perusverenkuva.',
      creationDate: addDays(today, -200), validUntil: addDays(today, -20), practitionerId: ids.get('Lahtinen')!, patientInstructionsUrl: null,
    },
  ]);
  // --- Laboratory, imaging and referrals (records.laboratory*, records.imaging*): Mikko's history ---
  // Repeated numeric tests over several dates (TSH, LDL, Hb, eGFR) draw the result page's history
  // charts; a textual single test; a referral valid for under 30 days (label 'in 3 weeks') and an
  // expired imaging referral; a second imaging result on one date without a statement, and one
  // without a name but with a statement.
  await seedLabDay(db, mikko, addDays(today, -190), [
    bloodCount(true, 141),
    { code: '4725', name: 'P -TSH', ready: true, value: 3.3, unit: 'mU/l', min: 0.5, max: 3.6, description: 'Tyreotropiini' },
    { code: '4567', name: 'fP -Kol-LDL', ready: true, value: 3.8, unit: 'mmol/l', max: 3.0, description: 'LDL-kolesteroli' },
    { code: '4390', name: 'P -Krea-eGFR', ready: true, prefix: 'greaterThan', value: 90, unit: 'ml/min/1,73 m²', min: 60, description: 'Munuaisten laskennallinen suodatusnopeus' },
    { code: '1881', name: 'U -KemSeul', ready: true, text: 'Normaali', description: 'Virtsan kemiallinen seulonta', additional: 'Ei valkuaista, sokeria eikä verta.' },
  ]);
  await seedLabDay(db, mikko, addDays(today, -290), [
    { code: '4725', name: 'P -TSH', ready: true, value: 2.6, unit: 'mU/l', min: 0.5, max: 3.6, description: 'Tyreotropiini' },
    { code: '4567', name: 'fP -Kol-LDL', ready: true, value: 3.1, unit: 'mmol/l', max: 3.0, description: 'LDL-kolesteroli' },
    { code: '4390', name: 'P -Krea-eGFR', ready: true, value: 84, unit: 'ml/min/1,73 m²', min: 60, description: 'Munuaisten laskennallinen suodatusnopeus' },
  ]);
  await db.insert(imagingResults).values([
    { personId: mikko, imagingDate: addDays(today, -10), examinationName: 'Sydämen ultraäänitutkimus', statementText: null },
    { personId: mikko, imagingDate: addDays(today, -260), examinationName: null, statementText: 'Polven nivelrako säilynyt, ei nestettä.' },
  ]);
  await db.insert(referrals).values([
    {
      personId: mikko, type: 'laboratory', title: 'Laboratoriolähete', description: 'Rasva-arvojen kontrolli: fP-Kol-LDL paastonäytteenä.',
      creationDate: addDays(today, -5), validUntil: addDays(today, 18), practitionerId: ids.get('Rantanen')!,
      patientInstructionsUrl: 'https://www.example.fi/ohjeet/paastonaytteet',
    },
    {
      personId: mikko, type: 'imaging', title: 'Kuvantamislähete', description: 'Polven röntgenkuvaus seisten.',
      creationDate: addDays(today, -300), validUntil: addDays(today, -120), practitionerId: ids.get('Lahtinen')!, patientInstructionsUrl: null,
    },
  ]);
  // --- end of laboratory, imaging and referrals ---
  // --- Questionnaires: Mikko's open wellbeing questionnaire (the messaging seed links to it: keep it
  // open), his answered AUDIT-C, and an older answered wellbeing questionnaire with the follow-up. ---
  await db.insert(questionnaireInvitations).values([
    { personId: mikko, formId: 'wellbeing-v1', title: 'Hyvinvointikysely', form: WELLBEING_FORM, sentAt: helsinkiInstant(addDays(today, -2), 12) },
    {
      personId: mikko, formId: 'audit-c-v1', title: 'Alkoholinkäyttö (AUDIT-C)', form: AUDIT_C_FORM, sentAt: helsinkiInstant(addDays(today, -30), 9),
      answeredAt: helsinkiInstant(addDays(today, -29), 20),
      answers: completed(AUDIT_C_FORM, [
        { linkId: 'frequency', answer: [audit('q1', 2, '2–4 kertaa kuussa')] },
        { linkId: 'typicalAmount', answer: [audit('q2', 1, '3–4 annosta')] },
        { linkId: 'sixOrMore', answer: [audit('q3', 1, 'Harvemmin kuin kuukausittain')] },
      ]),
    },
    {
      personId: mikko, formId: 'wellbeing-v1', title: 'Hyvinvointikysely', form: WELLBEING_FORM, sentAt: helsinkiInstant(addDays(today, -90), 12),
      answeredAt: helsinkiInstant(addDays(today, -88), 18),
      answers: completed(WELLBEING_FORM, [
        { linkId: 'mood', answer: [{ valueInteger: 6 }] },
        { linkId: 'phq2', item: [
          { linkId: 'interest', answer: [{ valueCoding: phqFrequency[1]!.valueCoding }] },
          { linkId: 'down', answer: [{ valueCoding: phqFrequency[0]!.valueCoding }] },
        ] },
        { linkId: 'sleepProblems', answer: [{ valueBoolean: true }] },
        { linkId: 'sleepDescription', answer: [{ valueString: 'Heräilen öisin enkä saa enää unta.\nAamuisin olen väsynyt.' }] },
        { linkId: 'lastSickLeave', answer: [{ valueDate: addDays(today, -150) }] },
      ]),
    },
  ]);
  // --- end of questionnaires ---
  await db.insert(certificates).values([
    { personId: mikko, type: 'medicalCertificateA', title: 'Lääkärinlausunto A', issuedDate: addDays(today, -3), validFrom: addDays(today, -3), validUntil: addDays(today, 2), practitionerId: ids.get('Lahtinen')! },
    { personId: mikko, type: 'nurse', title: 'Hoitajan todistus', issuedDate: addDays(today, -61), validFrom: addDays(today, -61), validUntil: addDays(today, -59), practitionerId: ids.get('Salo')! },
  ]);

  // --- Prescriptions and visits (records.prescriptions, records.prescription-renewal, records.visit) ---
  // Mikko's prescriptions above: Thyroxin, Burana and Ventoline renewable; Amoxin and Panacod not.
  // Aino's one (Aerius) is not renewable. One more of Mikko's visits: a longer medical report with
  // several diagnoses and texts whose line breaks the visit page keeps.
  await seedVisits(db, mikko, today, ids, [
    {
      daysAgo: 230, hour: 11, practitioner: 'Lahtinen', specialtyId: 'YLE', clinicId: 'KA', visitType: 'private', visitKind: 'healthCare',
      diagnoses: [
        { code: 'I10', description: 'Essentiaalinen verenpainetauti' },
        { code: 'E78.0', description: 'Puhdas hyperkolesterolemia' },
      ],
      texts: [
        { title: 'Tulosyy', body: 'Verenpaineen seuranta.\nKotimittauksissa keskimäärin 148/92.' },
        { title: 'Tutkimukset', body: 'RR 146/90, pulssi 72.\nSydän- ja keuhkoauskultaatio normaali.\nEKG: sinusrytmi, ei iskemiaan viittaavaa.' },
        { title: 'Hoitosuunnitelma', body: '1. Elintapaohjaus: suolan vähentäminen, liikunta.\n2. Kotimittaukset kahden viikon ajan.\n3. Kontrolli kolmen kuukauden kuluttua.' },
      ],
    },
  ]);
  // --- end of prescriptions and visits ---

  // Aino: occupational-health customer with vaccinations.
  await seedVisits(db, aino, today, ids, [
    {
      daysAgo: 12, hour: 13, practitioner: 'Koskinen', specialtyId: 'TTL', clinicId: 'HP', visitType: 'occupationalHealth', visitKind: 'healthCare',
      diagnoses: [{ code: 'Z10.0', description: 'Työterveystarkastus' }], texts: [{ title: 'Yhteenveto', body: 'Työkyky hyvä. Seuraava tarkastus kolmen vuoden kuluttua.' }],
    },
    {
      daysAgo: 200, hour: 9, practitioner: 'Mattila', specialtyId: 'TTH', clinicId: 'HP', visitType: 'occupationalHealth', visitKind: 'nursing',
      diagnoses: [], texts: [{ title: 'Terveystarkastus', body: 'Verenpaine 124/78. Ei huomautettavaa.' }],
    },
  ]);
  await db.insert(prescriptions).values({
    personId: aino, medicineName: 'Aerius', strength: '5 mg', issuedDate: addDays(today, -200), isRenewable: false,
    medicineType: 'tabletti', packageUnit: 'kpl', packageSize: 30, packageCount: 1, treatmentLength: 1, treatmentLengthUnit: 'month',
    totalAmount: '1 pakkaus', dosageGuide: '1 tabletti päivässä', usageGuide: 'Allergiaan',
  });
  await seedLabDay(db, aino, addDays(today, -12), [
    { code: '1999', name: 'P -CRP', ready: true, prefix: 'lessThan', value: 3, unit: 'mg/l', max: 10, description: 'C-reaktiivinen proteiini' },
    { code: '4567', name: 'fP -Kol-LDL', ready: true, value: 2.4, unit: 'mmol/l', max: 3.0, description: 'LDL-kolesteroli' },
  ]);
  await db.insert(vaccinations).values([
    { personId: aino, vaccinationDate: addDays(today, -40), vaccineName: 'Influvac Tetra', dose: '0,5 ml', specialtyId: 'INFL', clinicId: 'HP', practitionerId: ids.get('Mattila')! },
    { personId: aino, vaccinationDate: addDays(today, -410), vaccineName: 'Influvac Tetra', dose: '0,5 ml', specialtyId: 'INFL', clinicId: 'HP', practitionerId: ids.get('Mattila')! },
    { personId: aino, vaccinationDate: addDays(today, -700), vaccineName: 'Comirnaty', dose: '0,3 ml', specialtyId: 'KORR', clinicId: 'KA', practitionerId: ids.get('Salo')! },
    { personId: aino, vaccinationDate: addDays(today, -1500), vaccineName: 'Boostrix (dTpa)', dose: '0,5 ml', specialtyId: 'ROKT', clinicId: 'HP', practitionerId: ids.get('Mattila')!, nextDoseDate: addDays(today, 2150) },
  ]);

  // Leena: few records of her own; Ella's records are read through the guardianship.
  await seedVisits(db, leena, today, ids, [
    {
      daysAgo: 33, hour: 15, practitioner: 'Aaltonen', specialtyId: 'GYN', clinicId: 'TAP', visitType: 'private', visitKind: 'healthCare',
      diagnoses: [{ code: 'Z01.4', description: 'Gynekologinen tutkimus' }], texts: [{ title: 'Yhteenveto', body: 'Ei poikkeavaa.' }],
    },
  ]);
  // --- Laboratory (records.laboratory*): Ella's results, read by Leena acting for her ---
  await seedLabDay(db, ella, addDays(today, -8), [
    { code: '1999', name: 'P -CRP', ready: true, value: 35, unit: 'mg/l', max: 10, description: 'C-reaktiivinen proteiini' },
    { code: '2131', name: 'Ts -StrAAg', ready: true, text: 'Negatiivinen', description: 'A-streptokokkiantigeeni nielunäytteestä' },
  ]);
  // --- end of laboratory ---
  await seedVisits(db, ella, today, ids, [
    {
      daysAgo: 8, hour: 16, practitioner: 'Lehtonen', specialtyId: 'NNA', clinicId: 'ITK', visitType: 'private', visitKind: 'healthCare',
      diagnoses: [{ code: 'H66.9', description: 'Välikorvatulehdus' }], texts: [{ title: 'Hoito-ohje', body: 'Kipulääkettä tarvittaessa, kontrolli kahden viikon päästä.' }],
    },
  ]);
  await db.insert(prescriptions).values({
    personId: ella, medicineName: 'Amorion mikstuura', strength: '100 mg/ml', issuedDate: addDays(today, -8), isRenewable: false,
    medicineType: 'oraalisuspensio', packageUnit: 'ml', packageSize: 60, packageCount: 1, treatmentLength: 7, treatmentLengthUnit: 'day',
    totalAmount: '1 pakkaus', dosageGuide: '4 ml 2 kertaa päivässä', usageGuide: 'Korvatulehdukseen',
  });
  await db.insert(vaccinations).values({
    personId: ella, vaccinationDate: addDays(today, -60), vaccineName: 'Fluenz (nenäsumute)', dose: '0,2 ml', specialtyId: 'INFL', clinicId: 'ITK', practitionerId: ids.get('Salo')!,
  });

  // --- Certificates and vaccinations (records.certificates, records.vaccinations) ---
  // Mikko's older sick-leave certificates: the page lists those issued from 1 Jan 2022 on, so the two
  // from 2021 never show (31 Dec 2021 and 1 Jan 2022 are the edge).
  await db.insert(certificates).values([
    { personId: mikko, type: 'nurse', title: 'Hoitajan todistus', issuedDate: addDays(today, -400), validFrom: addDays(today, -400), validUntil: addDays(today, -398), practitionerId: ids.get('Salo')! },
    { personId: mikko, type: 'medicalCertificateA', title: 'Lääkärintodistus A', issuedDate: '2022-01-01', validFrom: '2022-01-01', validUntil: '2022-01-05', practitionerId: ids.get('Heikkinen')! },
    { personId: mikko, type: 'medicalCertificateA', title: 'Lääkärintodistus A', issuedDate: '2021-12-31', validFrom: '2021-12-31', validUntil: '2022-01-02', practitionerId: ids.get('Lahtinen')! },
    { personId: mikko, type: 'nurse', title: 'Hoitajan todistus', issuedDate: '2021-03-15', validFrom: '2021-03-15', validUntil: '2021-03-17', practitionerId: ids.get('Salo')! },
  ]);
  // Aino: 27 vaccinations in all (two pages of 25); some given elsewhere, without a practitioner.
  const ainoVaccination = (daysAgo: number, vaccineName: string, dose: string, specialtyId: string, practitioner: string | null, nextDoseInDays?: number) => ({
    personId: aino,
    vaccinationDate: addDays(today, -daysAgo),
    vaccineName,
    dose,
    specialtyId,
    clinicId: practitioner ? 'HP' : null,
    practitionerId: practitioner ? ids.get(practitioner)! : null,
    nextDoseDate: nextDoseInDays === undefined ? null : addDays(today, nextDoseInDays - daysAgo),
  });
  await db.insert(vaccinations).values([
    ...[775, 1140, 1505, 1870, 2235, 2600, 2965, 3330].map((daysAgo) => ainoVaccination(daysAgo, 'Influvac Tetra', '0,5 ml', 'INFL', 'Mattila')),
    ...[3695, 4060].map((daysAgo) => ainoVaccination(daysAgo, 'Vaxigrip Tetra', '0,5 ml', 'INFL', null)),
    ainoVaccination(1050, 'Spikevax', '0,25 ml', 'KORR', 'Salo'),
    ainoVaccination(1290, 'Comirnaty', '0,3 ml', 'KORR', null),
    ainoVaccination(1311, 'Comirnaty', '0,3 ml', 'KORR', null),
    ainoVaccination(1700, 'Ticovac', '0,5 ml', 'ROKT', 'Mattila', 3 * 365),
    ainoVaccination(1730, 'Ticovac', '0,5 ml', 'ROKT', 'Mattila'),
    ainoVaccination(2060, 'Ticovac', '0,5 ml', 'ROKT', 'Mattila'),
    ainoVaccination(2180, 'Twinrix', '1 ml', 'ROKT', 'Mattila'),
    ainoVaccination(2330, 'Twinrix', '1 ml', 'ROKT', 'Mattila'),
    ainoVaccination(2360, 'Twinrix', '1 ml', 'ROKT', 'Mattila'),
    ainoVaccination(2400, 'Dukoral (juotava)', '1 annos', 'ROKT', 'Mattila'),
    ainoVaccination(2407, 'Dukoral (juotava)', '1 annos', 'ROKT', 'Mattila'),
    ainoVaccination(2410, 'Typhim Vi', '0,5 ml', 'ROKT', 'Mattila', 3 * 365),
    ainoVaccination(5150, 'Boostrix (dTpa)', '0,5 ml', 'ROKT', null),
  ]);
  // Ella (Leena reads them acting for her): her childhood vaccinations.
  await db.insert(vaccinations).values([
    { personId: ella, vaccinationDate: addDays(today, -425), vaccineName: 'Fluenz (nenäsumute)', dose: '0,2 ml', specialtyId: 'INFL', clinicId: 'ITK', practitionerId: ids.get('Salo')! },
    { personId: ella, vaccinationDate: addDays(today, -1560), vaccineName: 'Priorix-Tetra (MPRV)', dose: '0,5 ml', specialtyId: 'ROKT', clinicId: null, practitionerId: null },
    { personId: ella, vaccinationDate: addDays(today, -2250), vaccineName: 'Tetraxim (DTaP-IPV)', dose: '0,5 ml', specialtyId: 'ROKT', clinicId: null, practitionerId: null, nextDoseDate: addDays(today, 1400) },
  ]);
  // --- end of certificates and vaccinations ---
}
