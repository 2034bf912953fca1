import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { paymentsSummarySchema, frontPageStateSchema } from '@portal/shared-api';
import { PERSONAS } from '../src/seed/personas';
import { createTestApp, initialStateOf, signIn, type TestApp } from './helpers';

/** The mf-payments remote's front-page summary over HTTP, and the `./summary` parcel the shell mounts for it. */
let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => t.close());

describe('mf-payments front-page summary', () => {
  it('is part of the front page’s state for a signed-in patient', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const res = await t.app.inject({ url: '/api/pages/front-page?lang=fi', headers: mikko.headers });
    assert.equal(res.statusCode, 200, res.body);
    const state = frontPageStateSchema.parse(res.json().state);
    assert.deepEqual(paymentsSummarySchema.parse(state.summaries['mf-payments']), { totalCount: 0, items: [] });
  });

  it('the remotes manifest tells the shell to mount the remote’s ./summary parcel on the front page', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const res = await t.app.inject({ url: '/fi', headers: mikko.headers });
    assert.equal(res.statusCode, 200);
    const remote = initialStateOf(res).remotes.remotes.find((entry) => entry.id === 'mf-payments');
    assert.deepEqual(remote?.frontPageParcels, ['./summary']);
  });
});
