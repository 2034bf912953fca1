import { remoteRoutesFileSchema, routeDefinitionSchema } from '../index';
test('a route without layout gets the default layout', () => {
  const r = routeDefinitionSchema.parse({ id: 'records.visits', paths: { fi: 'kaynnit', sv: 'besoken', en: 'visits' }, kind: 'logged-in' });
  expect(r.layout).toEqual({ menu: true, footer: true, fullWidth: false });
  expect(() => routeDefinitionSchema.parse({ id: 'Bad Id', paths: { fi: '', sv: '', en: '' }, kind: 'x' })).toThrow();
});

describe('a routes.json that names another route (`state`, `variantOf`)', () => {
  const route = (id: string, extra: object = {}) => ({ id, paths: { fi: id, sv: id, en: id }, kind: 'anonymous', ...extra });
  const issues = (routes: object[]) => {
    const parsed = remoteRoutesFileSchema.safeParse(routes);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  };

  test('names a route of the same file with a state schema of its own', () => {
    expect(issues([route('booking.private-list'), route('booking.insurance-list', { variantOf: 'booking.private-list' })])).toEqual([]);
    expect(issues([route('account.registration'), route('account.welcome', { state: 'account.registration' })])).toEqual([]);
  });

  test('a route that is not in the file, itself, a chain or a page without state is refused', () => {
    expect(issues([route('booking.insurance-list', { variantOf: 'booking.private-list' })])).toHaveLength(1);
    expect(issues([route('booking.private-list', { state: 'booking.private-list' })])).toHaveLength(1);
    expect(issues([route('a.b'), route('a.c', { variantOf: 'a.b' }), route('a.d', { variantOf: 'a.c' })])).toHaveLength(1);
    expect(issues([route('a.b', { state: false }), route('a.c', { state: 'a.b' })])).toHaveLength(1);
    expect(issues([route('a.b'), route('a.c', { variantOf: 'a.b', state: 'a.b' })])).toHaveLength(1);
    expect(issues([route('a.b'), route('a.c', { state: 'Not an id' })])).not.toEqual([]);
  });
});
