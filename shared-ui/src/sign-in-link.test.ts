import type { ShellContextValue } from './shell-context';
import { signInHref } from './sign-in-link';

const LOGIN = { fi: '/fi/kirjaudu', sv: '/sv/logga-in', en: '/en/login' } as const;

function shellIn(lang: 'fi' | 'sv' | 'en'): Pick<ShellContextValue, 'hasRoute' | 'href' | 'lang'> {
  return { lang, hasRoute: (id: string): id is never => id === 'login', href: () => LOGIN[lang] };
}

const nextOf = (href: string) => new URL(href, 'http://portal.test').searchParams.get('nextPath');

describe('signInHref: every sign-in link comes back to the page in its language', () => {
  afterEach(() => window.history.replaceState({}, '', '/'));

  test.each([
    ['fi', '/fi/tyoterveys/influenssarokotus?utm=mail'],
    ['sv', '/sv/foretagshalsovard/influensavaccination'],
    ['en', '/en/occupational-healthcare/influenza-vaccination'],
  ] as const)('%s: by default the page the browser shows, with its query', (lang, page) => {
    window.history.replaceState({}, '', page);
    const href = signInHref(shellIn(lang));
    expect(href.startsWith(`${LOGIN[lang]}?`)).toBe(true);
    expect(nextOf(href)).toBe(page);
  });

  test("a remote's router path (no language segment) is not trusted: the browser's page is used", () => {
    window.history.replaceState({}, '', '/sv/foretagshalsovard/influensavaccination');
    expect(nextOf(signInHref(shellIn('sv'), { next: '/occupational-healthcare/influenza-vaccination' }))).toBe('/sv/foretagshalsovard/influensavaccination');
  });

  test('another page of the portal, given as a full path, is where it returns; the guardian marker rides along', () => {
    window.history.replaceState({}, '', '/sv/anonyma-anvandare/lediga-tider/501');
    const href = signInHref(shellIn('sv'), { next: '/sv/lediga-tider/501', acting: 'guardian' });
    expect(nextOf(href)).toBe('/sv/lediga-tider/501');
    expect(new URL(href, 'http://portal.test').searchParams.get('acting')).toBe('guardian');
  });

  test('an address off the portal is never a way back', () => {
    window.history.replaceState({}, '', '/en/booking');
    expect(nextOf(signInHref(shellIn('en'), { next: '//evil.example/en' }))).toBe('/en/booking');
  });
});
