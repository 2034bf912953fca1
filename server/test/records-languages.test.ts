import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { pageStateSchema, pageStateSchemas, type Lang, type PageStateOf } from '@portal/shared-api';
import { imagingResults, laboratoryResults, visitDiagnoses, visits } from '../src/modules/records/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, personIdOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * Issue 11 ("Also"): the demo data's fixed texts on the records pages and the front page's records
 * summary are in the page's language: practitioners' titles, a medical report's diagnoses and
 * headings, questionnaire titles, laboratory test names and textual results, imaging examinations,
 * pharmaceutical forms and units, vaccine names' notes and count doses. What a person wrote (a
 * report's text, a statement, a dosage guide, a referral's description) stays as written, and the
 * Finnish page shows everything as stored.
 */

let t: TestApp;
let mikko: SignedInCaller;
let aino: SignedInCaller;
let mikkoId: string;

before(async () => {
  t = await createTestApp();
  mikko = await signIn(t.app, PERSONAS.mikko);
  aino = await signIn(t.app, PERSONAS.aino);
  mikkoId = await personIdOf(t.app, PERSONAS.mikko);
});
after(async () => t?.close());

type RouteWithState = keyof typeof pageStateSchemas;

/** A page's state in `lang`, checked against the page's schema. */
async function stateOf<R extends RouteWithState>(caller: SignedInCaller, routeId: R, lang: Lang, params: Record<string, string> = {}): Promise<PageStateOf<R>> {
  const query = new URLSearchParams({ lang, ...params });
  const res = await t.app.inject({ url: `/api/pages/${routeId}?${query}`, headers: caller.headers });
  assert.equal(res.statusCode, 200, `${routeId} ${lang}: ${res.body.slice(0, 300)}`);
  return pageStateSchemas[routeId].parse(pageStateSchema.parse(res.json()).state) as PageStateOf<R>;
}

const LANGS = ['fi', 'sv', 'en'] as const;
/** The same text in each language, as the tests expect it. */
type InEach = Record<Lang, string>;

async function visitIdWithDiagnosis(code: string): Promise<string> {
  const [row] = await t.app.db
    .select({ id: visits.id })
    .from(visits)
    .innerJoin(visitDiagnoses, eq(visitDiagnoses.visitId, visits.id))
    .where(and(eq(visits.personId, mikkoId), eq(visitDiagnoses.code, code)));
  assert.ok(row, `Mikko's visit with ${code}`);
  return String(row.id);
}

async function sampleDateOf(code: string, resultText: string): Promise<string> {
  const [row] = await t.app.db
    .select({ date: laboratoryResults.sampleDate })
    .from(laboratoryResults)
    .where(and(eq(laboratoryResults.personId, mikkoId), eq(laboratoryResults.code, code), eq(laboratoryResults.resultText, resultText)));
  assert.ok(row, `Mikko's ${code} result '${resultText}'`);
  return row.date;
}

async function imagingDateOf(examinationName: string): Promise<string> {
  const [row] = await t.app.db
    .select({ date: imagingResults.imagingDate })
    .from(imagingResults)
    .where(and(eq(imagingResults.personId, mikkoId), eq(imagingResults.examinationName, examinationName)));
  assert.ok(row, `Mikko's '${examinationName}'`);
  return row.date;
}

describe('records pages in the page’s language', () => {
  it("the medical report: the practitioner's title, the diagnoses and the texts' headings; the texts as written", async () => {
    const id = await visitIdWithDiagnosis('J06.9');
    const expected: Record<Lang, { title: string; diagnosis: string; headings: string[] }> = {
      fi: { title: 'Yleislääkäri', diagnosis: 'Ylähengitystieinfektio', headings: ['Tulosyy', 'Hoito-ohje'] },
      sv: { title: 'Allmänläkare', diagnosis: 'Akut övre luftvägsinfektion, ospecificerad', headings: ['Besöksorsak', 'Vårdanvisning'] },
      en: { title: 'General practitioner', diagnosis: 'Acute upper respiratory infection, unspecified', headings: ['Reason for visit', 'Care instructions'] },
    };
    for (const lang of LANGS) {
      const state = await stateOf(mikko, 'records.visit', lang, { id });
      assert.equal(state.status, 'ok');
      if (state.status !== 'ok') return;
      assert.equal(state.visit.practitionerTitle, expected[lang].title, lang);
      assert.deepEqual(state.visit.diagnoses, [{ code: 'J06.9', description: expected[lang].diagnosis }], lang);
      assert.deepEqual(
        state.visit.texts.map((text) => text.title),
        expected[lang].headings,
        lang,
      );
      assert.deepEqual(
        state.visit.texts.map((text) => text.body),
        ['Kurkkukipu ja yskä viikon ajan.', 'Lepoa, riittävästi nesteitä. Uusi käynti, jos oireet pahenevat.'],
        `${lang}: the doctor's texts as written`,
      );
    }
  });

  it('the visits list and the front page: practitioners’ titles, imaging examinations and questionnaire titles', async () => {
    const psychologist: InEach = { fi: 'Psykologi', sv: 'Psykolog', en: 'Psychologist' };
    const wellbeing: InEach = { fi: 'Hyvinvointikysely', sv: 'Enkät om välmående', en: 'Wellbeing questionnaire' };
    const chestXray: InEach = { fi: 'Keuhkojen röntgenkuvaus', sv: 'Lungröntgen', en: 'Chest X-ray' };
    for (const lang of LANGS) {
      const { visits: list } = await stateOf(mikko, 'records.visits', lang);
      const byLaaksonen = list.find((visit) => visit.practitionerName === 'Heikki Laaksonen');
      assert.equal(byLaaksonen?.practitionerTitle, psychologist[lang], lang);

      const front = await stateOf(mikko, 'front-page', lang);
      const records = front.summaries['mf-records'];
      assert.ok(records, `${lang}: the records summary`);
      assert.equal(records.questionnaires[0]?.title, wellbeing[lang], `${lang}: the open questionnaire first`);
      assert.ok(
        records.imaging.some((result) => result.examinationName === chestXray[lang]),
        `${lang}: ${JSON.stringify(records.imaging)}`,
      );
    }
  });

  it('questionnaires: the list and the page’s heading; the form itself stays in its own language', async () => {
    const expected: Record<Lang, { open: string[]; answered: string[] }> = {
      fi: { open: ['Hyvinvointikysely'], answered: ['Alkoholinkäyttö (AUDIT-C)', 'Hyvinvointikysely'] },
      sv: { open: ['Enkät om välmående'], answered: ['Alkoholbruk (AUDIT-C)', 'Enkät om välmående'] },
      en: { open: ['Wellbeing questionnaire'], answered: ['Alcohol use (AUDIT-C)', 'Wellbeing questionnaire'] },
    };
    for (const lang of LANGS) {
      const list = await stateOf(mikko, 'records.questionnaires', lang);
      assert.equal(list.status, 'ok');
      if (list.status !== 'ok') return;
      assert.deepEqual(list.open.map((q) => q.title), expected[lang].open, lang);
      assert.deepEqual(list.answered.map((q) => q.title), expected[lang].answered, lang);

      const page = await stateOf(mikko, 'records.questionnaire', lang, { id: list.open[0]!.id });
      assert.equal(page.status, 'ok');
      if (page.status !== 'ok') return;
      assert.equal(page.invitation.title, expected[lang].open[0], lang);
      assert.equal(page.invitation.questionnaire.title, 'Hyvinvointikysely', `${lang}: the form as it is`);
    }
  });

  it('laboratory results: test names by their codes and textual results; the laboratory’s comment as written', async () => {
    const date = await sampleDateOf('1881', 'Normaali');
    const expected: Record<Lang, { tsh: string; screening: string; normal: string; bloodCount: string; hb: string }> = {
      fi: { tsh: 'Tyreotropiini', screening: 'Virtsan kemiallinen seulonta', normal: 'Normaali', bloodCount: 'Perusverenkuva ja trombosyytit', hb: 'Hemoglobiini' },
      sv: { tsh: 'Tyreotropin', screening: 'Kemisk screening av urin', normal: 'Normal', bloodCount: 'Basblodstatus och trombocyter', hb: 'Hemoglobin' },
      en: { tsh: 'Thyroid-stimulating hormone', screening: 'Urine chemical screening', normal: 'Normal', bloodCount: 'Basic blood count and platelets', hb: 'Haemoglobin' },
    };
    for (const lang of LANGS) {
      const state = await stateOf(mikko, 'records.laboratory-result', lang, { date });
      assert.equal(state.status, 'ok');
      if (state.status !== 'ok') return;
      const byName = new Map(state.laboratoryTests.map((test) => [test.displayName, test]));
      assert.equal(byName.get('P -TSH')?.description, expected[lang].tsh, lang);
      const screening = byName.get('U -KemSeul');
      assert.equal(screening?.__typename, 'SingleLaboratoryTest');
      if (screening?.__typename !== 'SingleLaboratoryTest') return;
      assert.equal(screening.description, expected[lang].screening, lang);
      assert.deepEqual(screening.result, { __typename: 'TextualLaboratoryResult', resultText: expected[lang].normal }, lang);
      assert.equal(screening.additionalResult, 'Ei valkuaista, sokeria eikä verta.', `${lang}: the comment as written`);
      const bloodCount = byName.get('B -PVK+T');
      assert.equal(bloodCount?.__typename, 'LaboratoryTestPackage');
      if (bloodCount?.__typename !== 'LaboratoryTestPackage') return;
      assert.equal(bloodCount.description, expected[lang].bloodCount, lang);
      assert.equal(bloodCount.items.find((item) => item.displayName === 'B -Hb')?.description, expected[lang].hb, lang);
    }
  });

  it('imaging: the examination in the list and on the result page; the statement as written', async () => {
    const date = await imagingDateOf('Keuhkojen röntgenkuvaus');
    const expected: InEach = { fi: 'Keuhkojen röntgenkuvaus', sv: 'Lungröntgen', en: 'Chest X-ray' };
    const echo: InEach = { fi: 'Sydämen ultraäänitutkimus', sv: 'Ultraljudsundersökning av hjärtat', en: 'Echocardiography' };
    for (const lang of LANGS) {
      const list = await stateOf(mikko, 'records.imaging', lang);
      assert.ok(list.results.some((result) => result.examinationName === expected[lang]), lang);
      const page = await stateOf(mikko, 'records.imaging-result', lang, { date });
      assert.equal(page.status, 'ok');
      if (page.status !== 'ok') return;
      // the same day has an echocardiography too
      assert.deepEqual(
        page.results.map((result) => [result.examinationName, result.statementText]),
        [
          [expected[lang], 'Keuhkokentät puhtaat. Sydämen koko normaali.'],
          [echo[lang], null],
        ],
        lang,
      );
    }
  });

  it('referrals: the title and the practitioner’s title; the description in Finnish only (spec part 1 §3)', async () => {
    const expected: Record<Lang, { title: string; practitioner: string }> = {
      fi: { title: 'Laboratoriolähete', practitioner: 'Endokrinologian erikoislääkäri' },
      sv: { title: 'Laboratorieremiss', practitioner: 'Specialistläkare i endokrinologi' },
      en: { title: 'Laboratory referral', practitioner: 'Endocrinologist' },
    };
    for (const lang of LANGS) {
      const { referrals } = await stateOf(mikko, 'records.laboratory', lang);
      const byRantanen = referrals.filter((referral) => referral.practitioner.name === 'Pertti Rantanen');
      assert.ok(byRantanen.length > 0, lang);
      for (const referral of byRantanen) {
        assert.equal(referral.title, expected[lang].title, lang);
        assert.equal(referral.practitioner.title, expected[lang].practitioner, lang);
      }
      const page = await stateOf(mikko, 'records.laboratory-referral', lang, { id: byRantanen[0]!.id });
      assert.equal(page.status, 'ok');
      if (page.status !== 'ok') return;
      assert.equal(page.referral.title, expected[lang].title, lang);
      assert.match(page.referral.description, /^(Kilpirauhasen|Rasva-arvojen)/, `${lang}: the description in Finnish`);
    }
  });

  it('prescriptions: the form, the package unit and the total amount; the guides as the prescriber wrote them', async () => {
    const expected: Record<Lang, { form: string; unit: string; amount: string; twoPackages: string }> = {
      fi: { form: 'tabletti', unit: 'kpl', amount: '1 pakkaus', twoPackages: '2 pakkausta' },
      sv: { form: 'tablett', unit: 'st.', amount: '1 förpackning', twoPackages: '2 förpackningar' },
      en: { form: 'tablet', unit: 'pcs', amount: '1 package', twoPackages: '2 packages' },
    };
    for (const lang of LANGS) {
      const { prescriptions } = await stateOf(mikko, 'records.prescriptions', lang);
      const thyroxin = prescriptions.find((p) => p.medicineName === 'Thyroxin');
      assert.ok(thyroxin, lang);
      assert.deepEqual(
        [thyroxin.medicineType, thyroxin.packageUnit, thyroxin.totalAmount, thyroxin.dosageGuide, thyroxin.usageGuide],
        [expected[lang].form, expected[lang].unit, expected[lang].amount, '1 tabletti aamulla tyhjään mahaan', 'Kilpirauhasen vajaatoimintaan'],
        lang,
      );
      assert.equal(prescriptions.find((p) => p.medicineName === 'Burana')?.totalAmount, expected[lang].twoPackages, lang);

      // the renewal page shows the same prescription the same way
      const renewal = await stateOf(mikko, 'records.prescription-renewal', lang, { ids: thyroxin.id });
      assert.equal(renewal.status, 'ok');
      if (renewal.status !== 'ok') return;
      assert.equal(renewal.prescriptions[0]?.medicineType, expected[lang].form, lang);
    }
  });

  it("vaccinations: a vaccine's Finnish note and a dose counted in doses; volumes and product names as they are", async () => {
    const expected: Record<Lang, { dukoral: string; dose: string }> = {
      fi: { dukoral: 'Dukoral (juotava)', dose: '1 annos' },
      sv: { dukoral: 'Dukoral (oral)', dose: '1 dos' },
      en: { dukoral: 'Dukoral (oral)', dose: '1 dose' },
    };
    for (const lang of LANGS) {
      const { vaccinations } = await stateOf(aino, 'records.vaccinations', lang);
      const dukoral = vaccinations.filter((v) => v.vaccineName === expected[lang].dukoral);
      assert.equal(dukoral.length, 2, lang);
      assert.ok(dukoral.every((v) => v.dose === expected[lang].dose), lang);
      assert.ok(vaccinations.some((v) => v.vaccineName === 'Influvac Tetra' && v.dose === '0,5 ml'), lang);
    }
  });
});
