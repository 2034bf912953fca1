import { z } from 'zod';
import { loadPage } from '../client/load-page';
import { toApiFailure } from '../client/api-error';
import { brandConfigSchema, sessionUserSchema } from '../schemas/initial-state';
import { recordsSummarySchema } from '../schemas/records/summary';
import {
  buildBrandConfig,
  buildEmptyRecordsSummary,
  buildFrontPageState,
  buildRecordsSummary,
  buildSessionUser,
  createMockApiClient,
  mockFailure,
  mockPageKey,
  mockPageState,
} from './index';
import { pageStateSchema as frontPageStateSchema } from '../schemas/shell/states/front-page';

test('the builders produce data their schemas accept', () => {
  expect(frontPageStateSchema.parse(buildFrontPageState())).toEqual(buildFrontPageState());
  expect(recordsSummarySchema.parse(buildEmptyRecordsSummary()).visits).toEqual([]);
  expect(sessionUserSchema.parse(buildSessionUser({ firstName: 'Aino' })).firstName).toBe('Aino');
  expect(brandConfigSchema.parse(buildBrandConfig({ brand: 'children' })).brand).toBe('children');
  const summary = buildRecordsSummary();
  for (const list of [summary.visits, summary.prescriptions, summary.laboratory, summary.imaging]) expect(list).toHaveLength(3);
});

test('the mock client answers page loads and records the calls', async () => {
  const api = createMockApiClient({ [mockPageKey('front-page')]: mockPageState(buildFrontPageState({ firstName: 'Leena' })) });
  const page = await loadPage(api, 'front-page', 'fi', {});
  expect(frontPageStateSchema.parse(page.state).firstName).toBe('Leena');
  expect(page.routeId).toBe('front-page');
  expect(api.calls).toEqual([{ method: 'GET', path: '/api/pages/front-page', searchParams: { lang: 'fi' }, json: undefined }]);
});

test('handlers fail like the real client, and unhandled calls fail loudly', async () => {
  const api = createMockApiClient({ 'POST /api/logout': mockFailure({ kind: 'network' }) });
  await expect(api.post('/api/logout', z.object({ type: z.literal('success') })).catch(toApiFailure)).resolves.toEqual({ kind: 'network' });
  await expect(api.get('/api/unknown', z.unknown()).catch(toApiFailure)).resolves.toEqual({
    kind: 'unexpected',
    message: 'No mock handler for GET /api/unknown',
  });
  api.use({ 'GET /api/broken': { wrong: true } });
  await expect(api.get('/api/broken', z.object({ right: z.boolean() }))).rejects.toThrow();
});
