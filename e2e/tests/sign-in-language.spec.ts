import type { Page } from '@playwright/test';
import { bookableAtClinic, findFreeSlot, helsinkiDate } from './booking-helpers';
import { expect, personas, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

/**
 * Issue 28: signing in from a page comes back to that page in its language. The occupational
 * influenza-vaccination page sent `nextPath=/occupational-healthcare/influenza-vaccination` (its
 * router's path, without the language) and the patient landed on the Finnish front page. Every
 * anonymous page that offers sign-in is opened in fi, sv and en and every sign-in link on it is
 * read without signing in (the test broker allows 30 identifications per client in 10 minutes);
 * one page per language is then signed in for real.
 */
type Lang = 'fi' | 'sv' | 'en';
const LANGS: readonly Lang[] = ['fi', 'sv', 'en'];
const LOGIN = /^\/(fi\/kirjaudu|sv\/logga-in|en\/login)$/;

interface AnonymousPage {
  name: string;
  path: string;
  /** where its own sign-in links (other than the header's, which returns to the page) may lead */
  onward?: string;
  /** sign-in links the page shows once it has loaded */
  links: number;
}

const SEGMENTS = {
  landing: { fi: 'ajanvaraus', sv: 'tidsbokning', en: 'booking' },
  privateList: { fi: 'ajanvaraus/yksityisasiakas', sv: 'tidsbokning/privat-kund', en: 'booking/private-customer' },
  occupationalLanding: { fi: 'tyoterveys', sv: 'foretagshalsovard', en: 'occupational-healthcare' },
  occupationalList: { fi: 'ajanvaraus/tyoterveys', sv: 'tidsbokning/foretagshalsovard', en: 'booking/occupational-healthcare' },
  vaccination: { fi: 'tyoterveys/influenssarokotus', sv: 'foretagshalsovard/influensavaccination', en: 'occupational-healthcare/influenza-vaccination' },
  anonymousReservation: { fi: 'kirjautumattomat-kayttajat/vapaat-ajat', sv: 'anonyma-anvandare/lediga-tider', en: 'anonymous-users/available-appointments' },
  expired: { fi: 'katkennut-istunto', sv: 'utgatt-session', en: 'expired-session' },
  myInformation: { fi: 'omat-tiedot', sv: 'mina-uppgifter', en: 'my-information' },
} as const;

function pagesIn(lang: Lang, slotId: string): AnonymousPage[] {
  const at = (segment: Record<Lang, string>) => `/${lang}/${segment[lang]}`;
  return [
    { name: 'booking landing', path: `${at(SEGMENTS.landing)}?utm_source=mail`, links: 1 },
    { name: 'private appointment list', path: at(SEGMENTS.privateList), links: 1 },
    { name: 'occupational landing', path: `${at(SEGMENTS.occupationalLanding)}?specialtyIds=TTL`, onward: `${at(SEGMENTS.occupationalList)}?specialtyIds=TTL`, links: 2 },
    { name: 'occupational influenza vaccination', path: at(SEGMENTS.vaccination), links: 2 },
    { name: 'anonymous reservation', path: `${at(SEGMENTS.anonymousReservation)}/${slotId}`, links: 1 },
    {
      name: 'session timed out',
      path: `${at(SEGMENTS.expired)}?${new URLSearchParams({ next: at(SEGMENTS.myInformation) })}`,
      onward: at(SEGMENTS.myInformation),
      links: 1,
    },
  ];
}

/** The nextPath of every link on the page that leads to the login page. */
async function signInLinksOf(page: Page, expected: number): Promise<string[]> {
  const read = () =>
    page.locator('a[href*="nextPath="]').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  await expect.poll(async () => (await read()).length, { message: 'the sign-in links have rendered' }).toBeGreaterThanOrEqual(expected);
  return (await read())
    .map((href) => new URL(href))
    .filter((url) => LOGIN.test(url.pathname))
    .map((url) => url.searchParams.get('nextPath') ?? '');
}

for (const lang of LANGS) {
  test(`every anonymous page's sign-in returns to the page in ${lang}`, async ({ page, request }) => {
    const slot = await findFreeSlot(request, { startDate: helsinkiDate(Date.now() + 3 * 86_400_000), accept: bookableAtClinic });
    expect(slot, 'a free slot anyone may reserve').not.toBeNull();

    for (const anonymous of pagesIn(lang, slot!.id)) {
      await page.goto(anonymous.path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const nextPaths = await signInLinksOf(page, anonymous.links);
      expect(nextPaths.length, `${anonymous.name}: its sign-in links`).toBeGreaterThanOrEqual(anonymous.links);
      for (const next of nextPaths) {
        expect([anonymous.path, anonymous.onward], `${anonymous.name} (${lang}) signs in back to itself in its language`).toContain(next);
      }
    }

    // and for real, once per language: the page of the issue, with Aino (occupational, with influenza vaccinations)
    const vaccination = `/${lang}/${SEGMENTS.vaccination[lang]}`;
    await page.goto(vaccination);
    const prompt = page.getByRole('main').locator('a[href*="nextPath="]');
    await expect(prompt).toBeVisible();
    await prompt.click();
    await expect(page).toHaveURL((url) => LOGIN.test(url.pathname));
    await signInFromLoginPage(page, personas.aino.code);
    await expect(page).toHaveURL((url) => url.pathname === vaccination);
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}`));
  });
}
