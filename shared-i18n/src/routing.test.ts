import type { ComposedRoute, RouteTable } from '@portal/shared-api';
import { fixtureRouteTable, workspaceRouteTables } from './__fixtures__/routes';
import { isLang, LANGUAGES } from './languages';
import { buildPath, hrefById, langOfPath, matchRoute, switchLanguagePath } from './routing';

const CANDIDATE_VALUES = ['123', '12,34', 'abc123', 'x7', '2026-04-02', 'hello world/ä'];

/** A parameter value the route accepts, to exercise encoding and the params regexes. */
function sampleParams(route: ComposedRoute): Record<string, string> {
  const names = [...route.paths.fi.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
  return Object.fromEntries(
    names.map((name) => {
      const source = route.params?.[name];
      const value = source ? CANDIDATE_VALUES.find((candidate) => new RegExp(`^(?:${source})$`).test(candidate)) : 'hello world/ä';
      if (value === undefined) throw new Error(`No sample value for ${route.id}:${name}`);
      return [name, value];
    }),
  );
}

const tables: Array<{ name: string; table: RouteTable }> = [{ name: 'fixture', table: fixtureRouteTable }, ...workspaceRouteTables];

describe.each(tables)('every route of $name round-trips in fi, sv and en', ({ table }) => {
  const cases = table.flatMap((route) => LANGUAGES.map((lang) => ({ id: route.id, route, lang })));
  test.each(cases)('$id in $lang', ({ route, lang }) => {
    const params = sampleParams(route);
    const path = buildPath(route, lang, params);
    expect(path.startsWith(`/${lang}`)).toBe(true);
    const match = matchRoute(table, path);
    expect(match?.route.id).toBe(route.id);
    expect(match?.lang).toBe(lang);
    expect(match?.params).toEqual(params);
    expect(matchRoute(table, `${path}/`)?.route.id).toBe(route.id);
  });
});

describe('matchRoute', () => {
  test('the language root is the front page, with or without a trailing slash', () => {
    expect(matchRoute(fixtureRouteTable, '/fi')?.route.id).toBe('front-page');
    expect(matchRoute(fixtureRouteTable, '/sv/')?.route.id).toBe('front-page');
    expect(matchRoute(fixtureRouteTable, '/en?x=1')?.route.id).toBe('front-page');
  });

  test('localized slugs belong to their own language only', () => {
    expect(matchRoute(fixtureRouteTable, '/fi/laboratorio')).toMatchObject({ lang: 'fi', route: { id: 'records.laboratory' } });
    expect(matchRoute(fixtureRouteTable, '/sv/laboratorio')).toBeNull();
    expect(matchRoute(fixtureRouteTable, '/en/laboratorium')).toBeNull();
  });

  test('unknown paths and languages do not match', () => {
    expect(matchRoute(fixtureRouteTable, '/fi/ei-ole')).toBeNull();
    expect(matchRoute(fixtureRouteTable, '/de/laboratory')).toBeNull();
    expect(matchRoute(fixtureRouteTable, '/')).toBeNull();
    expect(matchRoute(fixtureRouteTable, '/fi/laboratorio/extra')).toBeNull();
    expect(matchRoute(fixtureRouteTable, 'fi/laboratorio')?.route.id).toBe('records.laboratory');
  });

  test('parameters are decoded and checked against the anchored regexes', () => {
    expect(matchRoute(fixtureRouteTable, '/fi/kaynnit/42')?.params).toEqual({ id: '42' });
    // '42a' would match an unanchored [0-9]+
    expect(matchRoute(fixtureRouteTable, '/fi/kaynnit/42a')).toBeNull();
    expect(matchRoute(fixtureRouteTable, '/en/messages/a%20b%2Fc')?.params).toEqual({ id: 'a b/c' });
    expect(matchRoute(fixtureRouteTable, '/en/messages/%E0%A4%A')).toBeNull();
  });

  test('numeric appointment ids and anonymous tokens reach different routes, fixed segments win', () => {
    expect(matchRoute(fixtureRouteTable, '/fi/varaus/12,34')).toMatchObject({ route: { id: 'booking.appointment' }, params: { ids: '12,34' } });
    expect(matchRoute(fixtureRouteTable, '/fi/varaus/abc123')).toMatchObject({
      route: { id: 'booking.anonymous-appointment' },
      params: { token: 'abc123' },
    });
    expect(matchRoute(fixtureRouteTable, '/fi/varaus/uusi')?.route.id).toBe('booking.new');
    expect(matchRoute(fixtureRouteTable, '/sv/bokning/ny')?.route.id).toBe('booking.new');
  });
});

describe('buildPath and hrefById', () => {
  test('builds localized paths and encodes parameters', () => {
    expect(hrefById(fixtureRouteTable, 'front-page', 'sv')).toBe('/sv');
    expect(hrefById(fixtureRouteTable, 'records.imaging', 'sv')).toBe('/sv/bildbehandling');
    expect(hrefById(fixtureRouteTable, 'messaging.thread', 'en', { id: 'a b/c' })).toBe('/en/messages/a%20b%2Fc');
  });

  test('throws on a missing parameter and on an unknown route id', () => {
    expect(() => hrefById(fixtureRouteTable, 'records.visit', 'fi')).toThrow(/needs the parameter 'id'/);
    expect(() => hrefById(fixtureRouteTable, 'records.nope', 'fi')).toThrow(/Unknown route id/);
  });
});

describe('switchLanguagePath', () => {
  test('translates the page slug and keeps parameters, query and hash', () => {
    expect(switchLanguagePath(fixtureRouteTable, '/fi/laboratorio', 'sv')).toBe('/sv/laboratorium');
    expect(switchLanguagePath(fixtureRouteTable, '/fi/kaynnit/42?sivu=2#tulos', 'en')).toBe('/en/visits/42?sivu=2#tulos');
    expect(switchLanguagePath(fixtureRouteTable, '/en/appointment/12,34?from=sms', 'fi')).toBe('/fi/varaus/12,34?from=sms');
    expect(switchLanguagePath(fixtureRouteTable, '/sv?x=1', 'fi')).toBe('/fi?x=1');
  });

  test('an unknown path keeps its segments and only swaps the language', () => {
    expect(switchLanguagePath(fixtureRouteTable, '/fi/tuntematon/sivu?a=1', 'en')).toBe('/en/tuntematon/sivu?a=1');
    expect(switchLanguagePath(fixtureRouteTable, '/', 'sv')).toBe('/sv');
  });
});

test('isLang and langOfPath accept only fi, sv and en', () => {
  expect(['fi', 'sv', 'en', 'de', '', undefined, 1].map(isLang)).toEqual([true, true, true, false, false, false, false]);
  expect(langOfPath('/sv/recept?x')).toBe('sv');
  expect(langOfPath('/de/x')).toBeNull();
});
