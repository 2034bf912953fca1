import { routeDefinitionSchema } from '../index';
test('a route without layout gets the default layout', () => {
  const r = routeDefinitionSchema.parse({ id: 'records.visits', paths: { fi: 'kaynnit', sv: 'besoken', en: 'visits' }, kind: 'logged-in' });
  expect(r.layout).toEqual({ menu: true, footer: true, fullWidth: false });
  expect(() => routeDefinitionSchema.parse({ id: 'Bad Id', paths: { fi: '', sv: '', en: '' }, kind: 'x' })).toThrow();
});
