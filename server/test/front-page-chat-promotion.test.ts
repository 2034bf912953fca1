import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { frontPageStateSchema, type FrontPageState } from '@portal/shared-api';
import { ConfigError, loadConfig } from '../src/config';
import { occupationalContracts } from '../src/modules/booking/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, initialStateOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * Issue 28, spec part 2 §2.4: the front page promotes the doctor chat, the nurse chat or the phone
 * service by the subject's contract product ids; the server decides, the browser only shows it.
 */

async function frontPageOf(t: TestApp, caller: SignedInCaller): Promise<FrontPageState> {
  const res = await t.app.inject({ url: '/api/pages/front-page?lang=fi', headers: caller.headers });
  assert.equal(res.statusCode, 200, res.body.slice(0, 300));
  return frontPageStateSchema.parse(res.json().state);
}

const PHONE_HOURS = { weekdays: { opens: 7, closes: 21 }, weekendsAndHolidays: { opens: 9, closes: 18 } };

describe('the chat promotion with the demo defaults', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t.close());

  const setAinosProducts = async (contractProductIds: string[]) => {
    const aino = await signIn(t.app, PERSONAS.aino);
    await t.app.db.update(occupationalContracts).set({ contractProductIds }).where(eq(occupationalContracts.personId, aino.personId));
    return aino;
  };

  it("promotes the doctor chat on Aino's front page, also in the page's embedded state; Mikko, without a contract, gets none", async () => {
    const aino = await signIn(t.app, PERSONAS.aino);
    const state = await frontPageOf(t, aino);
    assert.deepEqual(state.chatPromotion, { kind: 'doctor-chat', url: 'https://chat.example.fi/laakarichat' });
    const page = await t.app.inject({ url: '/fi', headers: aino.headers });
    assert.equal(page.statusCode, 200);
    assert.deepEqual(frontPageStateSchema.parse(initialStateOf(page).page?.state).chatPromotion, state.chatPromotion);

    const mikko = await signIn(t.app, PERSONAS.mikko);
    const mikkos = await t.app.inject({ url: '/api/pages/front-page?lang=fi', headers: mikko.headers });
    assert.equal('chatPromotion' in mikkos.json().state, false);
  });

  it('chooses by product id, the most specific service first: doctor chat, nurse chat, phone service', async () => {
    try {
      const aino = await setAinosProducts(['OHC-BASIC', 'OHC-NURSE-PHONE', 'OHC-NURSE-CHAT']);
      assert.deepEqual((await frontPageOf(t, aino)).chatPromotion, { kind: 'nurse-chat', url: 'https://chat.example.fi/hoitajachat' });

      await setAinosProducts(['OHC-NURSE-PHONE']);
      // no number configured: the brand's customer service phone, with the spec's nurse phone hours
      assert.deepEqual((await frontPageOf(t, aino)).chatPromotion, { kind: 'phone-service', phone: '010 555 0100', hours: PHONE_HOURS });

      await setAinosProducts(['OHC-BASIC', 'OHC-GP', 'OHC-INFL-1']);
      assert.equal((await frontPageOf(t, aino)).chatPromotion, undefined);
    } finally {
      await setAinosProducts(['OHC-BASIC', 'OHC-GP', 'OHC-INFL-1', 'OHC-DOCTOR-CHAT', 'OHC-NURSE-PHONE']);
    }
  });

  it('follows the subject: a guardian acting for a child sees the child’s (none)', async () => {
    const leenaForElla = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
    assert.equal((await frontPageOf(t, leenaForElla)).chatPromotion, undefined);
  });
});

describe('the chat promotion, configured', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({
      CHAT_PROMOTION_DOCTOR_CHAT_PRODUCT_IDS: 'ACME-DOC',
      CHAT_PROMOTION_PHONE_SERVICE_PRODUCT_IDS: 'ACME-PHONE, OHC-DOCTOR-CHAT',
      CHAT_PROMOTION_PHONE_NUMBER: '010 555 0199',
      CHAT_PROMOTION_PHONE_HOURS_WEEKDAYS: '8-16',
      CHAT_PROMOTION_PHONE_HOURS_WEEKENDS_AND_HOLIDAYS: '10-14',
    });
  });
  after(async () => t.close());

  it("reads the product ids, the number and the hours from the environment: Aino's OHC-DOCTOR-CHAT is a phone service here", async () => {
    const aino = await signIn(t.app, PERSONAS.aino);
    assert.deepEqual((await frontPageOf(t, aino)).chatPromotion, {
      kind: 'phone-service',
      phone: '010 555 0199',
      hours: { weekdays: { opens: 8, closes: 16 }, weekendsAndHolidays: { opens: 10, closes: 14 } },
    });
  });

  it('refuses a chat address that is not https, hours that close before they open, an odd product id', () => {
    const refused = (variable: string, value: string) =>
      assert.throws(() => loadConfig({ DEMO: 'true', [variable]: value }), (error: unknown) => error instanceof ConfigError && error.message.includes(variable));
    assert.doesNotThrow(() => loadConfig({ DEMO: 'true' }));
    refused('CHAT_PROMOTION_NURSE_CHAT_URL', 'http://chat.example.fi');
    refused('CHAT_PROMOTION_PHONE_HOURS_WEEKDAYS', '21-7');
    refused('CHAT_PROMOTION_DOCTOR_CHAT_PRODUCT_IDS', 'A B');
  });
});

describe("the chat promotion on the children's brand", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ BRAND: 'children' });
  });
  after(async () => t.close());

  it('is never shown: occupational health care is the adult brand’s', async () => {
    const aino = await signIn(t.app, PERSONAS.aino);
    assert.equal((await frontPageOf(t, aino)).chatPromotion, undefined);
  });
});
