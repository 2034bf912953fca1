import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import {
  CONTACT_MESSAGE_IDS,
  consentResponseSchema,
  contactUpdateResponseSchema,
  dataProcessingPageStateSchema,
  myInformationPageStateSchema,
  pageStateSchema,
  userFormResponseSchema,
  validationErrorSchema,
} from '@portal/shared-api';
import { accountProfiles } from '../src/modules/account/schema';
import { auditLog } from '../src/modules/audit/schema';
import { people } from '../src/modules/patients/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, personIdOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * My information and the patient data consent over HTTP (spec part 2 §2.2, §3, §4, §5, §7): the two
 * page states, PUT /api/user (contact details), POST /api/user (the user form with language and
 * next) and POST /api/user/consent. Every bad payload is a 400 naming its fields and changes
 * nothing; a caller only ever reaches their own data, or their ward's when acting for one.
 */

let t: TestApp;
const logLines: string[] = [];

before(async () => {
  t = await createTestApp({}, { logLines });
});
after(async () => t?.close());

async function pageOf(caller: SignedInCaller | null, routeId: string) {
  return t.app.inject({ url: `/api/pages/${routeId}?lang=fi`, ...(caller ? { headers: caller.headers } : {}) });
}

async function call(
  method: 'PUT' | 'POST',
  url: string,
  caller: SignedInCaller | null,
  payload: unknown,
  options: { csrf?: boolean; query?: string; app?: TestApp } = {},
) {
  const csrf = options.csrf !== false && caller ? `csrfToken=${encodeURIComponent(caller.csrfToken)}` : '';
  const query = [csrf, options.query ?? ''].filter(Boolean).join('&');
  return (options.app ?? t).app.inject({
    method,
    url: `${url}${query ? `?${query}` : ''}`,
    ...(caller ? { headers: caller.headers } : {}),
    payload: payload as object,
  });
}

/** The stored contact details and consents of a person (to prove what changed and what did not). */
async function storedOf(identityCode: string) {
  const personId = await personIdOf(t.app, identityCode);
  const [person] = await t.app.db.select().from(people).where(eq(people.id, personId));
  const [profile] = await t.app.db.select().from(accountProfiles).where(eq(accountProfiles.personId, personId));
  return { person, profile: profile ?? null };
}

const validContact = {
  streetAddress: '  Aleksanterinkatu 15 ',
  postalCode: ' 00120',
  postOffice: 'Helsinki ',
  emailAddress: ' mikko.uusi@example.fi ',
  phoneNumber: '040 765 4321',
};

function pathsOf(body: unknown): string[] {
  return validationErrorSchema
    .parse(body)
    .details.map((detail) => detail.path)
    .sort();
}

describe('account.my-information page state', () => {
  it("gives Mikko's own patient record with the identity code masked, his consents and the privacy policy link", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const res = await pageOf(mikko, 'account.my-information');
    assert.equal(res.statusCode, 200, res.body);
    const state = myInformationPageStateSchema.parse(pageStateSchema.parse(res.json()).state);
    assert.equal(state.patient.firstName, 'Mikko');
    assert.equal(state.patient.lastName, 'Virtanen');
    assert.equal(state.patient.ssn, '150385-****');
    assert.ok(!res.body.includes(PERSONAS.mikko), 'the whole identity code never leaves the server');
    assert.deepEqual(state.patient.postalAddress, { street: 'Mannerheimintie 12 B 7', postalCode: '00100', postOffice: 'Helsinki' });
    assert.equal(state.patient.language, 'fi');
    assert.equal(state.patient.patientDataConsent, 'ok');
    assert.ok(state.patient.patientDataConsentFormUpdated);
    assert.equal(state.consent.allowsCommonRegistry, true);
    assert.match(state.privacyPolicyUrl, /^https:\/\//);
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectPersonId, mikko.personId), eq(auditLog.action, 'account.my-information')));
    assert.ok(audits.length >= 1, 'the read is audited');
  });

  it('carries what its SMS login and Kela card sections would ask for, as GET /api/mfa and GET /api/kela-card answer (issue 31: the server copy is whole)', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const state = myInformationPageStateSchema.parse((await pageOf(mikko, 'account.my-information')).json().state);
    const mfa = await t.app.inject({ url: '/api/mfa', headers: mikko.headers });
    const kela = await t.app.inject({ url: `/api/kela-card?csrfToken=${encodeURIComponent(mikko.csrfToken)}`, headers: mikko.headers });
    assert.equal(mfa.statusCode, 200, mfa.body);
    assert.equal(kela.statusCode, 200, kela.body);
    assert.deepEqual(state.smsLogin, mfa.json());
    assert.deepEqual(state.kelaCard, kela.json());
    assert.ok(state.smsLogin?.status.type, 'a status');
    const kelaReads = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectPersonId, mikko.personId), eq(auditLog.action, 'account.kela-card')));
    assert.ok(kelaReads.length >= 2, "the card's read is audited in the page's load as in the call");
  });

  it('a guardian acting for her ward sees the ward, not herself', async () => {
    const leenaForElla = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
    const state = myInformationPageStateSchema.parse((await pageOf(leenaForElla, 'account.my-information')).json().state);
    assert.equal(state.patient.firstName, 'Ella');
    assert.equal(state.patient.ssn, '070916A****');
  });

  it('answers 401 without a session', async () => {
    assert.equal((await pageOf(null, 'account.my-information')).statusCode, 401);
  });
});

describe('account.data-processing page state', () => {
  it('Jukka has never filled the consent form: nothing consented, no date', async () => {
    const jukka = await signIn(t.app, PERSONAS.jukka);
    const res = await pageOf(jukka, 'account.data-processing');
    assert.equal(res.statusCode, 200, res.body);
    const state = dataProcessingPageStateSchema.parse(res.json().state);
    assert.equal(state.patientDataConsentFormUpdated, null);
    assert.deepEqual(Object.values(state.consent), [false, false, false, false, false]);
  });

  it("Aino's consents as seeded, occupational included", async () => {
    const aino = await signIn(t.app, PERSONAS.aino);
    const state = dataProcessingPageStateSchema.parse((await pageOf(aino, 'account.data-processing')).json().state);
    assert.equal(state.consent.allowsViewingOccupationalInformation, true);
    assert.ok(state.patientDataConsentFormUpdated);
  });
});

describe('PUT /api/user (contact details)', () => {
  it('saves trimmed values and the phone as +358…, answers them, and changes nobody else', async () => {
    const aino = await signIn(t.app, PERSONAS.aino);
    const mikkoBefore = await storedOf(PERSONAS.mikko);
    const res = await call('PUT', '/api/user', aino, { ...validContact, emailAddress: 'aino.uusi@example.fi' });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(contactUpdateResponseSchema.parse(res.json()), {
      type: 'success',
      patient: {
        streetAddress: 'Aleksanterinkatu 15',
        postalCode: '00120',
        postOffice: 'Helsinki',
        emailAddress: 'aino.uusi@example.fi',
        phoneNumber: '+358407654321',
      },
    });
    const stored = await storedOf(PERSONAS.aino);
    assert.equal(stored.person?.email, 'aino.uusi@example.fi');
    assert.equal(stored.person?.phoneNumber, '+358407654321');
    assert.equal(stored.profile?.streetAddress, 'Aleksanterinkatu 15');
    assert.equal(stored.profile?.language, 'sv', 'the language is not touched');
    assert.equal(stored.profile?.allowsMarketingMail, true, 'the consents are not touched');
    assert.deepEqual(await storedOf(PERSONAS.mikko), mikkoBefore);
  });

  const badPayloads: Array<[string, Record<string, unknown>, string[]]> = [
    ['an empty street address', { streetAddress: '  ' }, ['streetAddress']],
    ['a one-letter street address', { streetAddress: 'A' }, ['streetAddress']],
    ['a 31-character street address', { streetAddress: 'x'.repeat(31) }, ['streetAddress']],
    ['a 4-digit postal code', { postalCode: '0010' }, ['postalCode']],
    ['a postal code with a letter', { postalCode: '0010A' }, ['postalCode']],
    ['a one-letter post office', { postOffice: 'H' }, ['postOffice']],
    ['an e-mail with a space', { emailAddress: 'mikko virtanen@example.fi' }, ['emailAddress']],
    ['two e-mail addresses', { emailAddress: 'a@example.fi,b@example.fi' }, ['emailAddress']],
    ['a 101-character e-mail', { emailAddress: `${'x'.repeat(50)}@${'y'.repeat(39)}.example.fi` }, ['emailAddress']],
    ['a Swedish phone number', { phoneNumber: '+46701234567' }, ['phoneNumber']],
    ['a phone without prefix', { phoneNumber: '401234567' }, ['phoneNumber']],
    ['a premium-rate number', { phoneNumber: '0600123456' }, ['phoneNumber']],
    ['a 16-character phone', { phoneNumber: '+358401234567890' }, ['phoneNumber']],
    ['a NUL character', { postOffice: 'Hel\u0000sinki' }, ['postOffice']],
    ['a number where text belongs', { streetAddress: 12 }, ['streetAddress']],
    ['several at once', { postalCode: '1', emailAddress: 'x', phoneNumber: '' }, ['emailAddress', 'phoneNumber', 'postalCode']],
  ];
  for (const [name, change, paths] of badPayloads) {
    it(`refuses ${name}: 400 naming ${paths.join(', ')}, nothing changed`, async () => {
      const mikko = await signIn(t.app, PERSONAS.mikko);
      const before = await storedOf(PERSONAS.mikko);
      const res = await call('PUT', '/api/user', mikko, { ...validContact, ...change });
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(pathsOf(res.json()), paths);
      assert.deepEqual(await storedOf(PERSONAS.mikko), before);
    });
  }

  it('refuses a missing field and an unknown one by path', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const { phoneNumber: _omitted, ...withoutPhone } = validContact;
    const res = await call('PUT', '/api/user', mikko, { ...withoutPhone, ssn: '010101-0101' });
    assert.equal(res.statusCode, 400, res.body);
    const paths = pathsOf(res.json());
    assert.ok(paths.includes('phoneNumber'), paths.join());
  });

  it("answers the rule's message id, which the forms translate", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const res = await call('PUT', '/api/user', mikko, { ...validContact, postalCode: '123' });
    assert.deepEqual(validationErrorSchema.parse(res.json()).details, [{ path: 'postalCode', message: CONTACT_MESSAGE_IDS.postalCode }]);
  });

  it('needs the csrfToken (403) and a session (401)', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const before = await storedOf(PERSONAS.mikko);
    assert.equal((await call('PUT', '/api/user', mikko, validContact, { csrf: false })).statusCode, 403);
    assert.equal((await call('PUT', '/api/user', null, validContact)).statusCode, 401);
    assert.deepEqual(await storedOf(PERSONAS.mikko), before);
  });

  it("a guardian acting for her ward changes the ward's details, never her own", async () => {
    const leenaBefore = await storedOf(PERSONAS.leena);
    const leenaForElla = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
    const res = await call('PUT', '/api/user', leenaForElla, { ...validContact, emailAddress: 'ella.huoltaja@example.fi' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await storedOf(PERSONAS.ella)).person?.email, 'ella.huoltaja@example.fi');
    assert.deepEqual(await storedOf(PERSONAS.leena), leenaBefore);
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'account.contact.update'));
    assert.ok(audits.some((row) => row.actorPersonId === leenaForElla.personId && row.subjectPersonId !== leenaForElla.personId));
  });
});

describe('POST /api/user (the user form)', () => {
  const form = {
    emailAddress: 'jukka@example.fi',
    phoneNumber: '0451234567',
    streetAddress: 'Satamakatu 1',
    zipCode: '20100',
    postOffice: 'Turku',
    language: 'en',
    lang: 'fi',
    next: '/fi/maksa/1',
  };

  it('saves the contact details and the language and answers where to go next', async () => {
    const jukka = await signIn(t.app, PERSONAS.jukka);
    const res = await call('POST', '/api/user', jukka, form);
    assert.equal(res.statusCode, 200, res.body);
    const answer = userFormResponseSchema.parse(res.json());
    assert.equal(answer.next, '/fi/maksa/1');
    assert.equal(answer.patient.language, 'en');
    assert.equal(answer.patient.phoneNumber, '+358451234567');
    assert.deepEqual(answer.patient.postalAddress, { street: 'Satamakatu 1', postalCode: '20100', postOffice: 'Turku' });
    const stored = await storedOf(PERSONAS.jukka);
    assert.equal(stored.profile?.consentFormUpdatedAt, null, 'the user form does not give consent');
  });

  it('refuses a next outside this site, an unknown language and a bad postal code, changing nothing', async () => {
    const jukka = await signIn(t.app, PERSONAS.jukka);
    const before = await storedOf(PERSONAS.jukka);
    const res = await call('POST', '/api/user', jukka, { ...form, next: 'https://evil.example/fi', language: 'de', zipCode: '2010', streetAddress: 'Uusi 2' });
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(pathsOf(res.json()), ['language', 'next', 'zipCode']);
    assert.deepEqual(await storedOf(PERSONAS.jukka), before);
  });

  it('needs the csrfToken', async () => {
    const jukka = await signIn(t.app, PERSONAS.jukka);
    assert.equal((await call('POST', '/api/user', jukka, form, { csrf: false })).statusCode, 403);
  });
});

describe('POST /api/user/consent', () => {
  const consent = {
    allowsCommonRegistry: true,
    allowsViewingOccupationalInformation: false,
    allowsMarketingMail: false,
    allowsTreatmentInstructionsMail: true,
    allowsBookingSms: true,
  };

  it("Jukka's first consent: the five booleans saved, the form's date set and the patient data consent ok", async () => {
    const jukka = await signIn(t.app, PERSONAS.jukka);
    const res = await call('POST', '/api/user/consent', jukka, consent, { query: 'lang=fi' });
    assert.equal(res.statusCode, 200, res.body);
    const answer = consentResponseSchema.parse(res.json());
    assert.deepEqual(answer.consent, consent);
    assert.equal(answer.patientDataConsent, 'ok');
    assert.ok(Math.abs(Date.parse(answer.patientDataConsentFormUpdated) - Date.now()) < 60_000);
    const stored = await storedOf(PERSONAS.jukka);
    assert.equal(stored.person?.patientDataConsent, 'ok');
    assert.equal(stored.profile?.allowsBookingSms, true);
    const state = dataProcessingPageStateSchema.parse((await pageOf(jukka, 'account.data-processing')).json().state);
    assert.deepEqual(state.consent, consent);
  });

  const badConsents: Array<[string, Record<string, unknown>, string[]]> = [
    ['a string instead of a boolean', { ...consent, allowsBookingSms: 'yes' }, ['allowsBookingSms']],
    ['a missing consent', { ...consent, allowsMarketingMail: undefined }, ['allowsMarketingMail']],
    ['the occupational consent left out on the adult brand', { ...consent, allowsViewingOccupationalInformation: undefined }, ['allowsViewingOccupationalInformation']],
  ];
  for (const [name, body, paths] of badConsents) {
    it(`refuses ${name}: 400 with paths, nothing changed`, async () => {
      const mikko = await signIn(t.app, PERSONAS.mikko);
      const before = await storedOf(PERSONAS.mikko);
      const res = await call('POST', '/api/user/consent', mikko, body, { query: 'lang=en' });
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(pathsOf(res.json()), paths);
      assert.deepEqual(await storedOf(PERSONAS.mikko), before);
    });
  }

  it('refuses an unknown language and a missing csrfToken', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    assert.equal((await call('POST', '/api/user/consent', mikko, consent, { query: 'lang=de' })).statusCode, 400);
    assert.equal((await call('POST', '/api/user/consent', mikko, consent, { csrf: false })).statusCode, 403);
    assert.equal((await call('POST', '/api/user/consent', null, consent)).statusCode, 401);
  });

  it("a guardian acting for her ward saves the ward's consents", async () => {
    const leenaBefore = await storedOf(PERSONAS.leena);
    const leenaForElla = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
    const res = await call('POST', '/api/user/consent', leenaForElla, { ...consent, allowsMarketingMail: true });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await storedOf(PERSONAS.ella)).profile?.allowsMarketingMail, true);
    assert.deepEqual(await storedOf(PERSONAS.leena), leenaBefore);
  });

  it("the children's brand does not ask the occupational consent: sending it is refused", async () => {
    const kids = await createTestApp({ BRAND: 'children' });
    try {
      const leena = await signIn(kids.app, PERSONAS.leena);
      const refused = await call('POST', '/api/user/consent', leena, consent, { app: kids });
      assert.equal(refused.statusCode, 400, refused.body);
      assert.deepEqual(pathsOf(refused.json()), ['allowsViewingOccupationalInformation']);
      const { allowsViewingOccupationalInformation: _notAsked, ...four } = consent;
      const saved = await call('POST', '/api/user/consent', leena, four, { app: kids });
      assert.equal(saved.statusCode, 200, saved.body);
      assert.equal(consentResponseSchema.parse(saved.json()).consent.allowsViewingOccupationalInformation, false);
    } finally {
      await kids.close();
    }
  });
});

describe('logging', () => {
  it('never logs identity codes, e-mail addresses or phone numbers', () => {
    const log = logLines.join('\n');
    for (const code of Object.values(PERSONAS)) assert.ok(!log.includes(code), `identity code ${code} in the log`);
    assert.ok(!log.includes('mikko.uusi@example.fi') && !log.includes('407654321'));
  });
});
