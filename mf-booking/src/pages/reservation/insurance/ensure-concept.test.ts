import { createMockApiClient, mockFailure } from '@portal/shared-api/mock';
import { ensureConcept } from './ensure-concept';

describe('ensureConcept (spec part 2 §4: insert only when the patient lacks the concept)', () => {
  test('no concept code (Other, LähiTapiola): no call', async () => {
    const api = createMockApiClient();
    expect(await ensureConcept(api, null, [])).toBe('ok');
    expect(api.calls).toHaveLength(0);
  });

  test('the patient has the code already: no call', async () => {
    const api = createMockApiClient();
    expect(await ensureConcept(api, '758236', [{ code: '758236', directReimbursementAllowed: false }])).toBe('ok');
    expect(api.calls).toHaveLength(0);
  });

  test("If's use code with direct reimbursement permission: no call", async () => {
    const api = createMockApiClient();
    expect(await ensureConcept(api, '90157', [{ code: '90157', directReimbursementAllowed: true }])).toBe('ok');
    expect(api.calls).toHaveLength(0);
  });

  test("If's use code without the permission: inserted", async () => {
    const api = createMockApiClient({ 'POST /api/concepts': { type: 'success' } });
    expect(await ensureConcept(api, '90157', [{ code: '90157', directReimbursementAllowed: false }])).toBe('ok');
    expect(api.calls.map((c) => [c.method, c.path, c.json])).toEqual([['POST', '/api/concepts', { code: '90157' }]]);
  });

  test('a missing code is inserted', async () => {
    const api = createMockApiClient({ 'POST /api/concepts': { type: 'success' } });
    expect(await ensureConcept(api, '999503', [{ code: '758236', directReimbursementAllowed: false }])).toBe('ok');
    expect(api.calls).toHaveLength(1);
  });

  test('a non-success answer or a failed call: failed (the page shows the unknown error and stops)', async () => {
    expect(await ensureConcept(createMockApiClient({ 'POST /api/concepts': { type: 'error' } }), '758236', [])).toBe('failed');
    expect(await ensureConcept(createMockApiClient({ 'POST /api/concepts': mockFailure({ kind: 'network' }) }), '758236', [])).toBe('failed');
    expect(await ensureConcept(createMockApiClient({ 'POST /api/concepts': mockFailure({ kind: 'http', status: 500 }) }), '758236', [])).toBe('failed');
  });
});
