import type { Database } from '../db/index';
import { guardianships, people } from '../modules/patients/schema';
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
} from '../modules/records/schema';
import { addDays, helsinkiInstant } from '../util/time';

/** The fixed demo personas (ARCHITECTURE "Demo data and personas"). */
export const PERSONAS = {
  mikko: '150385-9013',
  aino: '021178-912P',
  jukka: '240690-935P',
  leena: '121264-9685',
  ella: '070916A946D',
  pekka: '050575Y983A',
} as const;

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

const PHQ_FORM = {
  id: 'wellbeing-v1',
  questions: [
    { id: 'mood', type: 'scale', min: 0, max: 3, label: { fi: 'Mielialani on ollut hyvä', sv: 'Mitt humör har varit bra', en: 'My mood has been good' } },
    { id: 'sleep', type: 'scale', min: 0, max: 3, label: { fi: 'Nukun hyvin', sv: 'Jag sover bra', en: 'I sleep well' } },
    { id: 'notes', type: 'text', label: { fi: 'Muuta kerrottavaa', sv: 'Övrigt', en: 'Anything else' } },
  ],
};

export async function seedPersonas(db: Database, today: string, ids: Ids): Promise<void> {
  const insertPerson = async (values: typeof people.$inferInsert) =>
    (await db.insert(people).values(values).returning({ id: people.id }))[0]!.id;

  const mikko = await insertPerson({
    identityCode: PERSONAS.mikko,
    givenName: 'Mikko',
    familyName: 'Virtanen',
    registered: true,
    patientDataConsent: 'ok',
    phoneNumber: '+358 40 555 0101',
    email: 'mikko.virtanen@example.fi',
  });
  const aino = await insertPerson({
    identityCode: PERSONAS.aino,
    givenName: 'Aino',
    familyName: 'Korhonen',
    registered: true,
    occupationalHealthcare: true,
    patientDataConsent: 'ok',
    features: ['is-finnair-sickness-fund-member'],
    phoneNumber: '+358 50 555 0202',
    mfaEnabled: true,
    email: 'aino.korhonen@example.fi',
  });
  await insertPerson({
    identityCode: PERSONAS.jukka,
    givenName: 'Jukka',
    familyName: 'Mäkinen',
    registered: true,
    patientDataConsent: 'missing',
    creditWorthy: false,
  });
  const leena = await insertPerson({
    identityCode: PERSONAS.leena,
    givenName: 'Leena',
    familyName: 'Nieminen',
    registered: true,
    patientDataConsent: 'ok',
    phoneNumber: '+358 44 555 0303',
  });
  const ella = await insertPerson({
    identityCode: PERSONAS.ella,
    givenName: 'Ella',
    familyName: 'Nieminen',
    registered: true,
    patientDataConsent: 'ok',
  });
  await db.insert(guardianships).values({ guardianPersonId: leena, childPersonId: ella, guardianType: 'parent' });
  await insertPerson({ identityCode: PERSONAS.pekka, givenName: 'Pekka', familyName: 'Laine', registered: false });

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
  await db.insert(questionnaireInvitations).values([
    { personId: mikko, formId: 'wellbeing-v1', title: 'Hyvinvointikysely', form: PHQ_FORM, sentAt: helsinkiInstant(addDays(today, -2), 12) },
    { personId: mikko, formId: 'pre-visit-v1', title: 'Esitietolomake', form: { ...PHQ_FORM, id: 'pre-visit-v1' }, sentAt: helsinkiInstant(addDays(today, -6), 9) },
    {
      personId: mikko, formId: 'wellbeing-v1', title: 'Hyvinvointikysely', form: PHQ_FORM, sentAt: helsinkiInstant(addDays(today, -90), 12),
      answeredAt: helsinkiInstant(addDays(today, -88), 18), answers: { mood: 2, sleep: 1, notes: '' },
    },
  ]);
  await db.insert(certificates).values([
    { personId: mikko, type: 'medicalCertificateA', title: 'Lääkärinlausunto A', issuedDate: addDays(today, -3), validFrom: addDays(today, -3), validUntil: addDays(today, 2), practitionerId: ids.get('Lahtinen')! },
    { personId: mikko, type: 'nurse', title: 'Hoitajan todistus', issuedDate: addDays(today, -61), validFrom: addDays(today, -61), validUntil: addDays(today, -59), practitionerId: ids.get('Salo')! },
  ]);

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
}
