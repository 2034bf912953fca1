import { ACCESS_LOG_PAGE_SIZE, accessLogExportQuerySchema, accessLogFilterParams, accessLogFilterSchema, accessLogPageCount, accessLogPageSchema, accessLogQuerySchema, dataExportQuerySchema } from './data-access';
import { pageStateSchema as dataAccessPageStateSchema } from './states/data-access';

describe('access log and data export contracts (issue 12)', () => {
  test('a later page names its number and the newest row it is taken from', () => {
    expect(accessLogQuerySchema.parse({ page: '2', asOf: '123' })).toEqual({ page: 2, asOf: '123' });
    for (const bad of [{ page: '0', asOf: '1' }, { page: '1.5', asOf: '1' }, { page: '1', asOf: '-1' }, { page: '1', asOf: 'x' }, { page: '1' }]) {
      expect(accessLogQuerySchema.safeParse(bad).success).toBe(false);
    }
  });

  test('a page holds at most 25 entries of known categories and roles', () => {
    const entry = { id: '1', at: '2026-11-24T06:00:00.000Z', role: 'patient', byYou: true, categories: ['visits'] };
    const page = { entries: [entry], page: 1, pageSize: ACCESS_LOG_PAGE_SIZE, totalCount: 1, asOf: '1' };
    expect(accessLogPageSchema.safeParse(page).success).toBe(true);
    expect(accessLogPageSchema.safeParse({ ...page, entries: Array.from({ length: 26 }, () => entry) }).success).toBe(false);
    expect(accessLogPageSchema.safeParse({ ...page, entries: [{ ...entry, categories: ['records.visits'] }] }).success).toBe(false);
    expect(accessLogPageSchema.safeParse({ ...page, entries: [{ ...entry, role: 'doctor' }] }).success).toBe(false);
    // issue 33: a page view's kinds (at least one), its page, a professional's role
    const frontPage = { ...entry, page: 'frontPage', categories: ['healthRecordSummary', 'messages', 'appointments'] };
    expect(accessLogPageSchema.safeParse({ ...page, entries: [frontPage] }).success).toBe(true);
    expect(accessLogPageSchema.safeParse({ ...page, entries: [{ ...entry, categories: [] }] }).success).toBe(false);
    expect(accessLogPageSchema.safeParse({ ...page, entries: [{ ...entry, page: 'front-page' }] }).success).toBe(false);
    const staff = { ...entry, role: 'professional', byYou: false, categories: ['messages'] };
    expect(accessLogPageSchema.safeParse({ ...page, entries: [{ ...staff, professionalRole: 'doctor' }, { ...staff, professionalRole: 'nurse' }, staff] }).success).toBe(true);
    expect(accessLogPageSchema.safeParse({ ...page, entries: [{ ...staff, professionalRole: 'surgeon' }] }).success).toBe(false);
    expect(dataAccessPageStateSchema.safeParse({ subject: { kind: 'ward', givenName: 'Ella' }, log: page }).success).toBe(true);
  });

  test('page count and export language', () => {
    expect([0, 1, 25, 26, 61].map(accessLogPageCount)).toEqual([1, 1, 1, 2, 3]);
    expect(dataExportQuerySchema.safeParse({ lang: 'sv' }).success).toBe(true);
    expect(dataExportQuerySchema.safeParse({ lang: 'de' }).success).toBe(false);
  });

  describe('the filter (issue 33)', () => {
    const pathsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => result.error?.issues.map((issue) => issue.path.join('.')).sort();

    test('kinds of data as a comma-separated list, Helsinki days from and to, all optional', () => {
      expect(accessLogQuerySchema.parse({ page: '1', asOf: '9', categories: 'visits,laboratory', from: '2026-11-01', to: '2026-11-01' })).toEqual({
        page: 1,
        asOf: '9',
        categories: ['visits', 'laboratory'],
        from: '2026-11-01',
        to: '2026-11-01',
      });
      expect(accessLogFilterSchema.parse({})).toEqual({});
      expect(accessLogExportQuerySchema.parse({ lang: 'fi', to: '2026-11-30' })).toEqual({ lang: 'fi', to: '2026-11-30' });
    });

    test('a bad filter fails at the paths of its fields', () => {
      for (const [query, paths] of [
        [{ from: '2026-02-30' }, ['from']],
        [{ to: '30.11.2026' }, ['to']],
        [{ from: '1899-12-31' }, ['from']],
        [{ from: '2026-11-02', to: '2026-11-01' }, ['to']],
        [{ categories: 'visits,records.visits' }, ['categories']],
        [{ categories: '' }, ['categories']],
      ] as const) {
        expect(pathsOf(accessLogFilterSchema.safeParse(query))).toEqual(paths);
        expect(pathsOf(accessLogQuerySchema.safeParse({ page: '1', asOf: '1', ...query }))).toEqual(paths);
        expect(pathsOf(accessLogExportQuerySchema.safeParse({ lang: 'sv', ...query }))).toEqual(paths);
      }
      expect(pathsOf(accessLogExportQuerySchema.safeParse({ lang: 'de', from: 'x' }))).toEqual(['from', 'lang']);
    });

    test("the client's query parameters parse back to the same filter", () => {
      const filter = { categories: ['messages' as const, 'accessLog' as const], from: '2026-01-01', to: '2026-01-31' };
      expect(accessLogFilterParams(filter)).toEqual({ categories: 'messages,accessLog', from: '2026-01-01', to: '2026-01-31' });
      expect(accessLogFilterSchema.parse(accessLogFilterParams(filter))).toEqual(filter);
      expect(accessLogFilterParams({})).toEqual({});
      expect(accessLogFilterParams({ categories: [] })).toEqual({});
    });
  });
});
