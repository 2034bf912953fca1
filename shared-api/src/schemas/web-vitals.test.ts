import { webVitalsBeaconSchema } from './web-vitals';

/** The path of each field at fault; an unknown field is reported at its object, so its key is added. */
const paths = (body: unknown) => {
  const result = webVitalsBeaconSchema.safeParse(body);
  if (result.success) return [];
  return result.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path.map(String), key].join('.')) : [issue.path.map(String).join('.')],
  );
};

describe('webVitalsBeaconSchema', () => {
  test('takes a metric of a route id, with or without the remote version', () => {
    expect(paths({ metric: 'LCP', value: 2400.7, pageType: 'records.visit', remote: { id: 'mf-records', version: 'v2' } })).toEqual([]);
    expect(paths({ metric: 'INP', value: 0, pageType: 'front-page' })).toEqual([]);
    expect(paths({ metric: 'CLS', value: 10, pageType: 'login' })).toEqual([]);
    expect(paths({ metric: 'LCP', value: 60_000, pageType: 'login' })).toEqual([]);
  });

  test.each([
    ['another metric', { metric: 'TTFB', value: 100, pageType: 'login' }, 'metric'],
    ['a negative value', { metric: 'LCP', value: -0.5, pageType: 'login' }, 'value'],
    ['an infinite value', { metric: 'LCP', value: Infinity, pageType: 'login' }, 'value'],
    ['NaN', { metric: 'CLS', value: Number.NaN, pageType: 'login' }, 'value'],
    ['an INP over a minute', { metric: 'INP', value: 60_000.1, pageType: 'login' }, 'value'],
    ['a CLS over 10', { metric: 'CLS', value: 10.01, pageType: 'login' }, 'value'],
    ['an address for a page type', { metric: 'CLS', value: 0, pageType: '/fi/kaynnit/123' }, 'pageType'],
    ['an upper-case page type', { metric: 'CLS', value: 0, pageType: 'Login' }, 'pageType'],
    ['the address beside', { metric: 'CLS', value: 0, pageType: 'login', url: 'https://portal.example/fi' }, 'url'],
    ['a field in the remote', { metric: 'CLS', value: 0, pageType: 'login', remote: { id: 'mf-records', version: 'v2', user: 'x' } }, 'remote.user'],
    ['a remote without its version', { metric: 'CLS', value: 0, pageType: 'login', remote: { id: 'mf-records' } }, 'remote.version'],
  ])('refuses %s', (_name, body, path) => {
    expect(paths(body)).toContain(path);
  });
});
