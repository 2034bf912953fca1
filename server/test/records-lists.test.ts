import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq, inArray } from 'drizzle-orm';
import * as sharedApiModule from '@portal/shared-api';
import type { DatabaseHandle } from '../src/db/index';
import { people } from '../src/modules/patients/schema';
import { practitioners, specialties } from '../src/modules/clinics/schema';
import {
  imagingResults,
  laboratoryResults,
  prescriptions,
  questionnaireInvitations,
  visits,
} from '../src/modules/records/schema';
import {
  loadImagingPage,
  loadLaboratoryPage,
  loadPrescriptionsPage,
  loadQuestionnairesPage,
  loadVisitsPage,
} from '../src/modules/records/list-loaders';
import { openTestDatabase } from './helpers';

// shared-api is a CommonJS-typed package of TS sources: under Node's ESM loader its names may sit on
// `default` (no named-export detection); once it is ESM the namespace itself has them.
const sharedApi = (sharedApiModule as { default?: typeof sharedApiModule }).default ?? sharedApiModule;
const {
  imagingPageStateSchema,
  laboratoryPageStateSchema,
  prescriptionsPageStateSchema,
  questionnairesPageStateSchema,
  visitsPageStateSchema,
} = sharedApi;

/**
 * The records list loaders against the seeded demo world (cloned per file) plus a test patient with
 * known rows: each loader answers the asked person's rows only, in the shared-api shape.
 */
let handle: DatabaseHandle;
let mikko: string;
let aino: string;
let testPerson: string;

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

async function personId(identityCode: string): Promise<string> {
  const [row] = await handle.db.select({ id: people.id }).from(people).where(eq(people.identityCode, identityCode));
  assert.ok(row, `seeded persona ${identityCode}`);
  return row.id;
}

/** The owners of the given rows of a table: every one must be the asked person. */
async function ownersOf(table: typeof visits | typeof prescriptions | typeof imagingResults | typeof questionnaireInvitations | typeof laboratoryResults, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await handle.db.select({ personId: table.personId }).from(table).where(inArray(table.id, ids.map(Number)));
  assert.equal(rows.length, ids.length);
  return [...new Set(rows.map((row) => row.personId))];
}

async function seedTestPerson(): Promise<string> {
  const { db } = handle;
  const [person] = await db.insert(people).values({ identityCode: '010101-0101', givenName: 'Testi', familyName: 'Potilas', registered: true }).returning({ id: people.id });
  const id = person!.id;
  const [doctor] = await db.insert(practitioners).values({ firstName: 'Anna', lastName: 'Lääkäri', title: 'Erikoislääkäri', profession: 'Doctor' }).returning({ id: practitioners.id });
  await db.insert(specialties).values({ id: 'TESTSPEC', nameFi: 'Endokrinologia', nameSv: 'Endokrinologi', nameEn: 'Endocrinology' });
  const base = { personId: id, practitionerId: doctor!.id, specialtyId: 'TESTSPEC', visitType: 'private', visitKind: 'healthCare' } as const;
  await db.insert(visits).values([
    { ...base, dateTime: daysAgo(40) },
    { ...base, dateTime: daysAgo(10) },
    { ...base, dateTime: new Date(Date.now() + 5 * DAY) },
  ]);
  const [pkg] = await db
    .insert(laboratoryResults)
    .values({ personId: id, sampleDate: '2026-04-02', kind: 'package', code: 'PVK', displayName: 'Package T', isReady: true })
    .returning({ id: laboratoryResults.id });
  await db.insert(laboratoryResults).values([
    { personId: id, sampleDate: '2026-04-02', kind: 'item', packageId: pkg!.id, code: 'HB', displayName: 'Hb', isReady: false },
    { personId: id, sampleDate: '2026-03-15', kind: 'single', code: 'CRP', displayName: 'CRP T', isReady: true, resultType: 'numeric', resultNumber: 3 },
  ]);
  await db.insert(imagingResults).values([
    { personId: id, imagingDate: '2026-02-20', examinationName: 'Thorax T', statementText: 'ok' },
    { personId: id, imagingDate: '2026-02-21', examinationName: '  ' },
  ]);
  await db.insert(questionnaireInvitations).values([
    { personId: id, formId: 'f1', title: 'Open T', form: {}, sentAt: new Date('2026-05-01T10:00:00Z') },
    { personId: id, formId: 'f2', title: 'Answered T', form: {}, sentAt: new Date('2026-04-01T10:00:00Z'), answeredAt: new Date('2026-04-02T10:00:00Z'), answers: [] },
  ]);
  return id;
}

before(async () => {
  handle = await openTestDatabase();
  mikko = await personId('150385-9013');
  aino = await personId('021178-912P');
  testPerson = await seedTestPerson();
});

after(async () => {
  await handle?.close();
});

describe('records list loaders return only the given person\'s data', () => {
  test('visits', async () => {
    for (const person of [mikko, aino, testPerson]) {
      const state = visitsPageStateSchema.parse(await loadVisitsPage(handle.db, person, 'fi'));
      assert.deepEqual(await ownersOf(visits, state.visits.map((v) => v.id)), state.visits.length ? [person] : []);
    }
    assert.ok((await loadVisitsPage(handle.db, mikko, 'fi')).visits.length > 0, 'Mikko has visits in the demo world');
  });

  test('prescriptions', async () => {
    for (const person of [mikko, aino, testPerson]) {
      const state = prescriptionsPageStateSchema.parse(await loadPrescriptionsPage(handle.db, person, 'fi'));
      assert.deepEqual(await ownersOf(prescriptions, state.prescriptions.map((p) => p.id)), state.prescriptions.length ? [person] : []);
    }
    const mikkos = (await loadPrescriptionsPage(handle.db, mikko, 'fi')).prescriptions;
    assert.ok(mikkos.some((p) => p.isRenewable) && mikkos.some((p) => !p.isRenewable), 'Mikko has renewable and non-renewable prescriptions');
  });

  test('laboratory', async () => {
    for (const person of [mikko, aino, testPerson]) {
      const state = laboratoryPageStateSchema.parse(await loadLaboratoryPage(handle.db, person, 'fi'));
      const ids = state.dates.flatMap((d) => d.tests.map((t) => t.id));
      assert.deepEqual(await ownersOf(laboratoryResults, ids), ids.length ? [person] : []);
    }
  });

  test('imaging', async () => {
    for (const person of [mikko, aino, testPerson]) {
      const state = imagingPageStateSchema.parse(await loadImagingPage(handle.db, person, 'fi'));
      assert.deepEqual(await ownersOf(imagingResults, state.results.map((r) => r.id)), state.results.length ? [person] : []);
    }
  });

  test('questionnaires', async () => {
    for (const person of [mikko, aino, testPerson]) {
      const state = questionnairesPageStateSchema.parse(await loadQuestionnairesPage(handle.db, person, 'fi'));
      assert.equal(state.status, 'ok');
      if (state.status !== 'ok') continue;
      const ids = [...state.open, ...state.answered].map((q) => q.id);
      assert.deepEqual(await ownersOf(questionnaireInvitations, ids), ids.length ? [person] : []);
    }
  });
});

describe('records list loaders: shapes', () => {
  test('visits: past ones only, newest first, specialty in the asked language', async () => {
    const state = await loadVisitsPage(handle.db, testPerson, 'sv');
    assert.equal(state.visits.length, 2);
    assert.ok(state.visits[0]!.dateTime > state.visits[1]!.dateTime);
    assert.equal(state.visits[0]!.specialtyName, 'Endokrinologi');
    assert.equal(state.visits[0]!.practitionerName, 'Anna Lääkäri');
    assert.equal(state.visits[0]!.practitionerTitle, 'Erikoislääkäri');
    assert.equal(isoDay(new Date(state.visits[0]!.dateTime)), isoDay(daysAgo(10)));
  });

  test('laboratory: grouped by date, newest first; a package with a pending item is pending', async () => {
    const state = await loadLaboratoryPage(handle.db, testPerson, 'fi');
    assert.deepEqual(
      state.dates.map((d) => [d.date, d.isReady, d.tests.map((t) => [t.displayName, t.isReady])]),
      [
        ['2026-04-02', false, [['Package T', false]]],
        ['2026-03-15', true, [['CRP T', true]]],
      ],
    );
  });

  test('imaging: newest first; a blank name becomes null', async () => {
    const state = await loadImagingPage(handle.db, testPerson, 'en');
    assert.deepEqual(state.results.map((r) => [r.imagingDate, r.examinationName]), [
      ['2026-02-21', null],
      ['2026-02-20', 'Thorax T'],
    ]);
  });

  test('questionnaires: open tasks and own answers apart', async () => {
    const state = await loadQuestionnairesPage(handle.db, testPerson, 'fi');
    assert.deepEqual(state, {
      status: 'ok',
      open: [{ id: state.status === 'ok' ? state.open[0]!.id : '', title: 'Open T', sentAt: '2026-05-01T10:00:00.000Z', answeredAt: null }],
      answered: [
        {
          id: state.status === 'ok' ? state.answered[0]!.id : '',
          title: 'Answered T',
          sentAt: '2026-04-01T10:00:00.000Z',
          answeredAt: '2026-04-02T10:00:00.000Z',
        },
      ],
    });
  });

  test('a person without records gets empty lists', async () => {
    const [nobody] = await handle.db.insert(people).values({ identityCode: '020202-0202' }).returning({ id: people.id });
    const id = nobody!.id;
    assert.deepEqual(await loadVisitsPage(handle.db, id, 'fi'), { visits: [] });
    assert.deepEqual(await loadPrescriptionsPage(handle.db, id, 'fi'), { prescriptions: [] });
    assert.deepEqual(await loadLaboratoryPage(handle.db, id, 'fi'), { dates: [], referrals: [] });
    assert.deepEqual(await loadImagingPage(handle.db, id, 'fi'), { results: [], referrals: [] });
    assert.deepEqual(await loadQuestionnairesPage(handle.db, id, 'fi'), { status: 'ok', open: [], answered: [] });
  });
});
