import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, asc, eq } from 'drizzle-orm';
import {
  frontPageStateSchema,
  pageStateSchema,
  registrationPageStateSchema,
  registrationResponseSchema,
  validationErrorSchema,
  CONTACT_MESSAGE_IDS,
  REGISTRATION_MESSAGE_IDS,
  type RegistrationRequest,
} from '@portal/shared-api';
import { UNREGISTERED_WARD } from '../src/demo/seed/account';
import { accountProfiles, registrationGuardians } from '../src/modules/account/schema';
import { guardianships, people } from '../src/modules/patients/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, initialStateOf, personIdOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * Registration over HTTP (spec part 2 §2.2, §3, §5, §7, §9; docs/product-decisions.md, "Paths"): the front
 * page sends someone who is not a customer to registration and a customer with no events to the
 * welcome page; POST /api/user/register makes the session's subject a customer at once, with a
 * ward's guardians, and refuses every bad payload with 400 and its paths, changing nothing.
 */

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => t?.close());

const SANNI = UNREGISTERED_WARD.identityCode;

const adultBody = (overrides: Partial<RegistrationRequest> = {}): RegistrationRequest => ({
  firstName: 'Pekka',
  lastName: 'Laine',
  streetAddress: 'Mannerheimintie 10 A 5',
  zipCode: '00100',
  postOffice: 'Helsinki',
  emailAddress: 'pekka.laine@example.fi',
  phoneNumber: '040 123 4567',
  language: 'fi',
  ...overrides,
});

const guardian = (name: string, overrides: Record<string, unknown> = {}) => ({
  name,
  phone: '050 765 4321',
  emailAddress: 'huoltaja@example.fi',
  isGuardianHasSameAddress: true,
  ...overrides,
});

const wardBody = (guardians: unknown[], overrides: Record<string, unknown> = {}) => ({
  streetAddress: 'Kotikatu 3',
  zipCode: '02100',
  postOffice: 'Espoo',
  emailAddress: 'leena.nieminen@example.fi',
  phoneNumber: '044 555 0303',
  guardians,
  ...overrides,
});

async function postRegister(caller: SignedInCaller | null, body: unknown, csrfToken: string | null = caller?.csrfToken ?? null) {
  return t.app.inject({
    method: 'POST',
    url: `/api/user/register${csrfToken ? `?csrfToken=${encodeURIComponent(csrfToken)}` : ''}`,
    ...(caller ? { headers: caller.headers } : {}),
    payload: body as Record<string, unknown>,
  });
}

async function registrationState(caller: SignedInCaller, routeId = 'account.registration') {
  const res = await t.app.inject({ url: `/api/pages/${routeId}?lang=fi`, headers: caller.headers });
  assert.equal(res.statusCode, 200, res.body);
  return registrationPageStateSchema.parse(pageStateSchema.parse(res.json()).state);
}

async function personRow(identityCode: string) {
  const [row] = await t.app.db.select().from(people).where(eq(people.identityCode, identityCode));
  assert.ok(row);
  return row;
}

async function profileRow(personId: string) {
  const [row] = await t.app.db.select().from(accountProfiles).where(eq(accountProfiles.personId, personId));
  return row ?? null;
}

async function guardiansOf(personId: string) {
  return t.app.db.select().from(registrationGuardians).where(eq(registrationGuardians.childPersonId, personId)).orderBy(asc(registrationGuardians.position));
}

function pathsOf(res: { statusCode: number; json(): unknown; body: string }): string[] {
  assert.equal(res.statusCode, 400, res.body);
  return validationErrorSchema
    .parse(res.json())
    .details.map((d) => d.path)
    .sort();
}

/** A registered customer with consent and nothing else (the personas all have appointments or records); returns the identity code. */
let newcomers = 0;
async function newCustomerWithoutEvents(): Promise<string> {
  // valid identity codes of people born on 1 Jan 1990 (the check character of 010190-9NN follows from the number)
  const number = 900 + newcomers++;
  const checks = '0123456789ABCDEFHJKLMNPRSTUVWXY';
  const identityCode = `010190-${number}${checks[Number(`010190${number}`) % 31]}`;
  await t.app.db.insert(people).values({ identityCode, givenName: 'Uusi', familyName: 'Asiakas', registered: true, patientDataConsent: 'ok' });
  return identityCode;
}

describe('where the front page sends a signed-in person', () => {
  it('someone who is not a customer (Pekka) lands on registration, in their language', async () => {
    const pekka = await signIn(t.app, PERSONAS.pekka);
    for (const [url, location] of [
      ['/fi', '/fi/rekisteroityminen'],
      ['/sv', '/sv/registrering'],
      ['/en', '/en/registration'],
    ] as const) {
      const res = await t.app.inject({ url, headers: pekka.headers });
      assert.equal(res.statusCode, 302, url);
      assert.equal(res.headers.location, location);
    }
    // the registration page itself is served, with the form's state in the first HTML
    const page = await t.app.inject({ url: '/fi/rekisteroityminen', headers: pekka.headers });
    assert.equal(page.statusCode, 200);
    assert.equal(initialStateOf(page).page?.routeId, 'account.registration');
    assert.equal(initialStateOf(page).user?.registered, false, "the session's user is not a customer yet");
  });

  it('a customer with no appointments or events lands on the welcome page; one with events (Mikko) on the front page', async () => {
    const newcomer = await signIn(t.app, await newCustomerWithoutEvents());
    const res = await t.app.inject({ url: '/fi', headers: newcomer.headers });
    assert.equal(res.statusCode, 302);
    assert.equal(res.headers.location, '/fi/tervetuloa');
    const state = await registrationState(newcomer, 'account.welcome');
    assert.equal(state.registered, true);
    assert.equal(state.subject.kind, 'self');

    for (const code of [PERSONAS.mikko, PERSONAS.aino]) {
      const front = await t.app.inject({ url: '/en', headers: (await signIn(t.app, code)).headers });
      assert.equal(front.statusCode, 200, code);
      assert.equal(initialStateOf(front).page?.routeId, 'front-page');
    }
    // Leena acting for Ella, who has visits and a conversation: Ella's front page
    const ella = await t.app.inject({ url: '/fi', headers: (await signIn(t.app, PERSONAS.leena, PERSONAS.ella)).headers });
    assert.equal(ella.statusCode, 200);
  });

  it('the API answers the front page state naming the landing page (client-side navigation replaces the address)', async () => {
    const front = async (code: string) => {
      const res = await t.app.inject({ url: '/api/pages/front-page?lang=fi', headers: (await signIn(t.app, code)).headers });
      assert.equal(res.statusCode, 200);
      return frontPageStateSchema.parse(pageStateSchema.parse(res.json()).state);
    };
    assert.equal((await front(await newCustomerWithoutEvents())).landing, 'account.welcome');
    assert.equal((await front(PERSONAS.mikko)).landing, undefined);
    // (Pekka registers in a later describe of this file; the describes run in order)
    assert.equal((await front(PERSONAS.pekka)).landing, 'account.registration');
  });
});

describe('POST /api/user/register for oneself', () => {
  it('shows Pekka the form with his masked identity code and his names, not yet registered', async () => {
    const state = await registrationState(await signIn(t.app, PERSONAS.pekka));
    assert.equal(state.registered, false);
    assert.deepEqual(state.subject, { kind: 'self', maskedIdentityCode: '050575Y****', firstName: 'Pekka', lastName: 'Laine' });
    assert.deepEqual(state.guardians, []);
    assert.doesNotMatch(JSON.stringify(state), /983A/, 'never the whole identity code');
  });

  it('refuses every bad payload with 400 and the paths of the fields, and changes nothing', async () => {
    const pekka = await signIn(t.app, PERSONAS.pekka);
    const cases: [unknown, string[]][] = [
      [adultBody({ streetAddress: 'A' }), ['streetAddress']],
      [adultBody({ streetAddress: 'x'.repeat(31) }), ['streetAddress']],
      [adultBody({ zipCode: '0010' }), ['zipCode']],
      [adultBody({ zipCode: '0010A' }), ['zipCode']],
      [adultBody({ postOffice: ' ' }), ['postOffice']],
      [adultBody({ emailAddress: 'pekka@' }), ['emailAddress']],
      [adultBody({ emailAddress: 'a b@example.fi' }), ['emailAddress']],
      [adultBody({ phoneNumber: '12' }), ['phoneNumber']],
      [adultBody({ firstName: 'P' }), ['firstName']],
      [{ ...adultBody(), firstName: undefined, lastName: undefined }, ['firstName', 'lastName']],
      [{ ...adultBody(), ssn: '050575Y983A' }, ['ssn']],
      [{ ...adultBody(), language: 'de' }, ['language']],
      [{ ...adultBody(), guardians: [guardian('Maija Laine')] }, ['guardians']],
      [{}, ['emailAddress', 'phoneNumber', 'postOffice', 'streetAddress', 'zipCode']],
      [{ ...adultBody(), streetAddress: 'Katu\u00001' }, ['streetAddress']],
    ];
    for (const [body, paths] of cases) assert.deepEqual(pathsOf(await postRegister(pekka, body)), paths.sort(), JSON.stringify(body));
    const refused = await postRegister(pekka, adultBody({ zipCode: '123' }));
    assert.deepEqual(validationErrorSchema.parse(refused.json()).details, [{ path: 'zipCode', message: CONTACT_MESSAGE_IDS.postalCode }]);

    const row = await personRow(PERSONAS.pekka);
    assert.equal(row.registered, false);
    assert.equal(row.email, null);
    assert.equal(await profileRow(row.id), null);
  });

  it('needs a session (401) and the csrfToken (403)', async () => {
    const pekka = await signIn(t.app, PERSONAS.pekka);
    assert.equal((await postRegister(null, adultBody(), null)).statusCode, 401);
    const noToken = await postRegister(pekka, adultBody(), null);
    assert.equal(noToken.statusCode, 403);
    assert.equal((await postRegister(pekka, adultBody(), 'wrong')).statusCode, 403);
    assert.equal((await personRow(PERSONAS.pekka)).registered, false);
  });

  it('makes Pekka a customer at once: his details saved, and his next page load no longer asks him to register', async () => {
    const pekka = await signIn(t.app, PERSONAS.pekka);
    const res = await postRegister(pekka, adultBody({ firstName: ' Pekka ', streetAddress: '  Mannerheimintie 10 A 5 ' }));
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(registrationResponseSchema.parse(res.json()), {
      type: 'success',
      patient: { firstName: 'Pekka', lastName: 'Laine', registered: true },
    });

    const row = await personRow(PERSONAS.pekka);
    assert.equal(row.registered, true);
    assert.equal(row.email, 'pekka.laine@example.fi');
    assert.equal(row.phoneNumber, '+358401234567', 'normalised as on blur');
    const profile = await profileRow(row.id);
    assert.equal(profile?.streetAddress, 'Mannerheimintie 10 A 5', 'trimmed');
    assert.equal(profile?.postalCode, '00100');
    assert.equal(profile?.postOffice, 'Helsinki');
    assert.equal(profile?.language, 'fi');

    // The same session: the front page now sends him to the welcome page (a customer with no events yet),
    // and the session's user says he is a customer.
    const front = await t.app.inject({ url: '/fi', headers: pekka.headers });
    assert.equal(front.headers.location, '/fi/tervetuloa');
    assert.equal(initialStateOf(await t.app.inject({ url: '/fi/tervetuloa', headers: pekka.headers })).user?.registered, true);
    const state = await registrationState(pekka);
    assert.equal(state.registered, true);
    assert.deepEqual(state.contact, {
      streetAddress: 'Mannerheimintie 10 A 5',
      zipCode: '00100',
      postOffice: 'Helsinki',
      emailAddress: 'pekka.laine@example.fi',
      phoneNumber: '+358401234567',
    });
  });
});

describe('POST /api/user/register for a ward, with guardians', () => {
  it("shows Leena the child's information, and herself as the first guardian", async () => {
    const leena = await signIn(t.app, PERSONAS.leena, SANNI);
    const front = await t.app.inject({ url: '/fi', headers: leena.headers });
    assert.equal(front.headers.location, '/fi/rekisteroityminen', 'the ward is not a customer yet');
    const state = await registrationState(leena);
    assert.deepEqual(state.subject, { kind: 'ward', maskedIdentityCode: '120519A****', firstName: 'Sanni', lastName: 'Nieminen' });
    assert.equal(state.registered, false);
    assert.equal(state.guardians.length, 1);
    assert.equal(state.guardians[0]?.name, 'Leena Nieminen');
    assert.equal(state.guardians[0]?.phone, '+358 44 555 0303');
  });

  it('refuses names, a missing guardian, a third guardian and bad guardian fields, changing nothing', async () => {
    const leena = await signIn(t.app, PERSONAS.leena, SANNI);
    const cases: [unknown, string[]][] = [
      [wardBody([guardian('Leena Nieminen')], { firstName: 'Sanni', lastName: 'Nieminen' }), ['firstName', 'lastName']],
      [wardBody([]), ['guardians']],
      [{ ...wardBody([]), guardians: undefined }, ['guardians']],
      [wardBody([guardian('A'), guardian('B'), guardian('C')]), ['guardians']],
      [wardBody([guardian('x'.repeat(41))]), ['guardians.0.name']],
      [wardBody([guardian('Leena', { phone: '0'.repeat(21) })]), ['guardians.0.phone']],
      [wardBody([guardian('Leena', { emailAddress: `${'a'.repeat(95)}@example.fi` })]), ['guardians.0.emailAddress']],
      [wardBody([guardian('Leena'), guardian('Matti', { isGuardianHasSameAddress: false })]), ['guardians.1.postOffice', 'guardians.1.streetAddress', 'guardians.1.zipCode']],
      [
        wardBody([guardian('Leena', { isGuardianHasSameAddress: false, streetAddress: 'x'.repeat(31), zipCode: '1234', postOffice: 'Espoo' })]),
        ['guardians.0.streetAddress', 'guardians.0.zipCode'],
      ],
      [wardBody([{ ...guardian('Leena'), ssn: '121264-9685' }]), ['guardians.0.ssn']],
    ];
    for (const [body, paths] of cases) assert.deepEqual(pathsOf(await postRegister(leena, body)), paths.sort(), JSON.stringify(body));

    const three = await postRegister(leena, wardBody([guardian('A'), guardian('B'), guardian('C')]));
    assert.deepEqual(validationErrorSchema.parse(three.json()).details, [{ path: 'guardians', message: REGISTRATION_MESSAGE_IDS.tooManyGuardians }]);
    const zip = await postRegister(leena, wardBody([guardian('Leena', { isGuardianHasSameAddress: false, streetAddress: 'Katu 1', zipCode: '12a45', postOffice: 'Espoo' })]));
    assert.deepEqual(validationErrorSchema.parse(zip.json()).details, [{ path: 'guardians.0.zipCode', message: REGISTRATION_MESSAGE_IDS.guardianZipCode }]);

    const sanni = await personRow(SANNI);
    assert.equal(sanni.registered, false);
    assert.deepEqual(await guardiansOf(sanni.id), []);
  });

  it('Leena registers Sanni with two guardians: the ward becomes a customer, her names stay, the guardians are saved', async () => {
    const leena = await signIn(t.app, PERSONAS.leena, SANNI);
    const res = await postRegister(
      leena,
      wardBody([
        guardian(' Leena Nieminen ', { phone: '044 555 0303', emailAddress: 'leena.nieminen@example.fi' }),
        guardian('Matti Nieminen', { isGuardianHasSameAddress: false, streetAddress: 'Toinenkatu 5', zipCode: '00200', postOffice: 'Helsinki' }),
      ]),
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().patient, { firstName: 'Sanni', lastName: 'Nieminen', registered: true });

    const sanni = await personRow(SANNI);
    assert.equal(sanni.registered, true);
    // the session's user (Leena acting for Sanni) shows the ward as a customer on the next page load
    assert.equal(initialStateOf(await t.app.inject({ url: '/fi/tervetuloa', headers: leena.headers })).user?.registered, true);
    const saved = await guardiansOf(sanni.id);
    assert.deepEqual(
      saved.map((g) => [g.position, g.name, g.phone, g.sameAddressAsChild, g.streetAddress, g.zipCode, g.postOffice]),
      [
        [1, 'Leena Nieminen', '+358445550303', true, null, null, null],
        [2, 'Matti Nieminen', '+358507654321', false, 'Toinenkatu 5', '00200', 'Helsinki'],
      ],
    );
    // Leena's own details are untouched: the ward's were saved
    assert.equal((await personRow(PERSONAS.leena)).phoneNumber, '+358 44 555 0303');

    const state = await registrationState(leena);
    assert.equal(state.registered, true);
    assert.deepEqual(
      state.guardians.map((g) => g.name),
      ['Leena Nieminen', 'Matti Nieminen'],
    );
    // registering again replaces the guardians: one removed
    const again = await postRegister(leena, wardBody([guardian('Leena Nieminen')]));
    assert.equal(again.statusCode, 200);
    assert.equal((await guardiansOf(sanni.id)).length, 1);
  });

  it('a guardian registers only their own ward: a session whose guardianship has ended is refused (403)', async () => {
    const [ward] = await t.app.db
      .insert(people)
      .values({ identityCode: '010120A9048', givenName: 'Veeti', familyName: 'Nieminen', registered: false })
      .returning({ id: people.id });
    assert.ok(ward);
    const leenaId = await personIdOf(t.app, PERSONAS.leena);
    await t.app.db.insert(guardianships).values({ guardianPersonId: leenaId, childPersonId: ward.id, guardianType: 'parent' });
    const leena = await signIn(t.app, PERSONAS.leena, '010120A9048');
    await t.app.db.delete(guardianships).where(and(eq(guardianships.guardianPersonId, leenaId), eq(guardianships.childPersonId, ward.id)));
    const res = await postRegister(leena, wardBody([guardian('Leena Nieminen')]));
    assert.equal(res.statusCode, 403);
    assert.equal((await personRow('010120A9048')).registered, false);
    assert.deepEqual(await guardiansOf(ward.id), []);
  });
});
