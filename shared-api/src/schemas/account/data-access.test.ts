import {
  ACCESS_LOG_PAGE_SIZE,
  accessLogPageCount,
  accessLogPageSchema,
  accessLogQuerySchema,
  dataAccessPageStateSchema,
  dataExportQuerySchema,
} from './data-access';

describe('access log and data export contracts (issue 12)', () => {
  test('a later page names its number and the newest row it is taken from', () => {
    expect(accessLogQuerySchema.parse({ page: '2', asOf: '123' })).toEqual({ page: 2, asOf: '123' });
    for (const bad of [{ page: '0', asOf: '1' }, { page: '1.5', asOf: '1' }, { page: '1', asOf: '-1' }, { page: '1', asOf: 'x' }, { page: '1' }]) {
      expect(accessLogQuerySchema.safeParse(bad).success).toBe(false);
    }
  });

  test('a page holds at most 25 rows of known categories and roles', () => {
    const entry = { id: '1', at: '2026-11-24T06:00:00.000Z', role: 'patient', byYou: true, category: 'visits' };
    const page = { entries: [entry], page: 1, pageSize: ACCESS_LOG_PAGE_SIZE, totalCount: 1, asOf: '1' };
    expect(accessLogPageSchema.safeParse(page).success).toBe(true);
    expect(accessLogPageSchema.safeParse({ ...page, entries: Array.from({ length: 26 }, () => entry) }).success).toBe(false);
    expect(accessLogPageSchema.safeParse({ ...page, entries: [{ ...entry, category: 'records.visits' }] }).success).toBe(false);
    expect(accessLogPageSchema.safeParse({ ...page, entries: [{ ...entry, role: 'doctor' }] }).success).toBe(false);
    expect(dataAccessPageStateSchema.safeParse({ subject: { kind: 'ward', givenName: 'Ella' }, log: page }).success).toBe(true);
  });

  test('page count and export language', () => {
    expect([0, 1, 25, 26, 61].map(accessLogPageCount)).toEqual([1, 1, 1, 2, 3]);
    expect(dataExportQuerySchema.safeParse({ lang: 'sv' }).success).toBe(true);
    expect(dataExportQuerySchema.safeParse({ lang: 'de' }).success).toBe(false);
  });
});
