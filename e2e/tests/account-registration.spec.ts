import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

/**
 * Registration as a customer in the composed portal (issue 12; spec part 2 §2.2, §3, §5, §9; part 1
 * §2; docs/product-decisions.md, "Paths"): the front page sends someone who is not a customer to registration;
 * once registered they are a customer at once (the front page sends them on to the first-time
 * welcome page, as they have no events yet). A guardian registers a ward with two guardians.
 * Sanni Nieminen (120519A964S) is the seed's unregistered ward of Leena's.
 */
const sanni = { code: '120519A964S', name: 'Sanni Nieminen' } as const;
const personas = { pekka: { code: '050575Y983A' }, leena: { code: '121264-9685' } } as const;

const pages = [
  ['fi', '/fi/rekisteroityminen', 'Rekisteröityminen'],
  ['sv', '/sv/registrering', 'Registrering'],
  ['en', '/en/registration', 'Registration'],
] as const;

test.describe('registration (issue 12)', () => {
  test('Pekka, not yet a customer, lands on registration, registers and becomes a customer', async ({ page }) => {
    await page.goto('/fi');
    await signInFromLoginPage(page, personas.pekka.code);
    await expect(page).toHaveURL(/\/fi\/rekisteroityminen$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Rekisteröityminen' })).toBeVisible();

    for (const [lang, path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('button', { name: lang === 'fi' ? 'Rekisteröidy' : lang === 'sv' ? 'Registrera' : 'Register' })).toBeVisible();
      await expectNoAxeViolations(page, `registration (${lang})`);
    }

    await page.goto('/fi/rekisteroityminen');
    const own = page.getByRole('group', { name: 'Omat tietosi' });
    await expect(own.getByText('050575Y****')).toBeVisible();
    await expect(own.getByRole('textbox', { name: 'Etunimi' })).toHaveValue('Pekka');
    // a bad postal code is refused next to the field, in the spec's words
    await own.getByRole('textbox', { name: 'Postinumero' }).fill('001');
    await own.getByRole('textbox', { name: 'Postitoimipaikka' }).fill('Helsinki');
    await expect(own.getByRole('textbox', { name: 'Postinumero' })).toHaveAccessibleDescription('Postinumerossa on oltava 5 merkkiä, ja siinä voi olla vain numeroita.');
    await own.getByRole('textbox', { name: 'Katuosoite' }).fill('Mannerheimintie 10 A 5');
    await own.getByRole('textbox', { name: 'Postinumero' }).fill('00100');
    await own.getByRole('textbox', { name: 'Puhelinnumero' }).fill('040 123 4567');
    await own.getByRole('textbox', { name: 'Sähköposti' }).fill('pekka.laine@example.fi');
    await own.getByRole('textbox', { name: 'Sähköposti' }).blur();
    await expect(own.getByRole('textbox', { name: 'Puhelinnumero' })).toHaveValue('+358401234567');
    await page.getByRole('button', { name: 'Rekisteröidy' }).click();

    await expect(page.getByText('Olet nyt rekisteröitynyt asiakkaaksemme.')).toBeVisible();
    await expectNoAxeViolations(page, 'registration done (fi)');
    await page.getByRole('link', { name: 'Siirry etusivulle' }).click();

    // A customer now: the front page no longer asks him to register; with no events yet he is welcomed.
    await expect(page).toHaveURL(/\/fi\/tervetuloa$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tervetuloa!' })).toBeVisible();
    await expect(page.getByText('Näyttää siltä, että olet täällä ensimmäistä kertaa')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Katuosoite' })).toHaveValue('Mannerheimintie 10 A 5');
    for (const [lang, path, heading] of [
      ['fi', '/fi/tervetuloa', 'Tervetuloa!'],
      ['sv', '/sv/valkommen', 'Välkommen!'],
      ['en', '/en/welcome', 'Welcome!'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoAxeViolations(page, `welcome (${lang})`);
    }
  });

  test('Leena registers her child Sanni with two guardians', async ({ page }) => {
    await page.goto('/fi/kirjaudu?nextPath=%2Ffi&acting=guardian');
    await page.getByRole('link', { name: 'Nordea', exact: true }).click();
    await page.getByLabel('Henkilötunnus', { exact: true }).fill(personas.leena.code);
    await page.getByLabel('Lapsen henkilötunnus', { exact: true }).fill(sanni.code);
    await page.getByRole('button', { name: 'Jatka' }).click();

    await expect(page).toHaveURL(/\/fi\/rekisteroityminen$/);
    const child = page.getByRole('group', { name: 'Lapsen tiedot' });
    await expect(child.getByText('120519A****')).toBeVisible();
    await expect(child.getByRole('textbox', { name: 'Etunimi' })).toHaveValue('Sanni');
    await expect(child.getByRole('textbox', { name: 'Etunimi' })).toBeDisabled();
    await expect(child.getByRole('textbox', { name: 'Sukunimi' })).toBeDisabled();
    const first = page.getByRole('group', { name: 'Huoltaja 1' });
    await expect(first.getByRole('textbox', { name: 'Nimi' })).toHaveValue('Leena Nieminen');
    await expect(first.getByRole('button', { name: /Poista/ })).toHaveCount(0);
    await expectNoAxeViolations(page, 'registration of a ward (fi)');

    await child.getByRole('textbox', { name: 'Katuosoite' }).fill('Kotikatu 3');
    await child.getByRole('textbox', { name: 'Postinumero' }).fill('02100');
    await child.getByRole('textbox', { name: 'Postitoimipaikka' }).fill('Espoo');
    await child.getByRole('textbox', { name: 'Puhelinnumero' }).fill('044 555 0303');
    await child.getByRole('textbox', { name: 'Sähköposti' }).fill('leena.nieminen@example.fi');
    await first.getByRole('textbox', { name: 'Sähköposti' }).fill('leena.nieminen@example.fi');

    await page.getByRole('button', { name: 'Lisää toinen huoltaja' }).click();
    const second = page.getByRole('group', { name: 'Huoltaja 2' });
    await expect(second.getByRole('textbox', { name: 'Nimi' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Lisää toinen huoltaja' })).toHaveCount(0);
    await second.getByRole('textbox', { name: 'Nimi' }).fill('Matti Nieminen');
    await second.getByRole('textbox', { name: 'Puhelinnumero' }).fill('050 765 4321');
    await second.getByRole('textbox', { name: 'Sähköposti' }).fill('matti.nieminen@example.fi');
    const sameAddress = second.getByRole('checkbox', { name: 'Sama osoite kuin lapsella' });
    await expect(second.getByRole('textbox', { name: 'Katuosoite' })).toHaveCount(0);
    await sameAddress.uncheck();
    await second.getByRole('textbox', { name: 'Katuosoite' }).fill('Toinenkatu 5');
    await second.getByRole('textbox', { name: 'Postinumero' }).fill('002');
    await second.getByRole('textbox', { name: 'Postitoimipaikka' }).fill('Helsinki');
    await expect(second.getByText('Postinumeron pituuden tulee olla 5 ja se voi sisältää vain numeroita')).toBeVisible();
    await second.getByRole('textbox', { name: 'Postinumero' }).fill('00200');
    await expect(second.getByText('Postinumeron pituuden tulee olla 5 ja se voi sisältää vain numeroita')).toHaveCount(0);
    await expectNoAxeViolations(page, 'registration of a ward with two guardians (fi)');
    // the widest form (two guardians, one with an address) fits a 360 px wide screen
    await page.setViewportSize({ width: 360, height: 740 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, 'registration of a ward at 360 px');
    await page.getByRole('button', { name: 'Rekisteröidy' }).click();

    await expect(page.getByText(`${sanni.name} on nyt rekisteröity asiakkaaksemme.`)).toBeVisible();
    // The next page load: Sanni is a customer (no events yet: the welcome page), with both guardians saved.
    await page.goto('/fi');
    await expect(page).toHaveURL(/\/fi\/tervetuloa$/);
    await expect(page.getByRole('group', { name: 'Huoltaja 2' }).getByRole('textbox', { name: 'Nimi' })).toHaveValue('Matti Nieminen');
    await expect(page.getByRole('group', { name: 'Huoltaja 2' }).getByRole('textbox', { name: 'Postinumero' })).toHaveValue('00200');
    for (const [lang, path] of pages) {
      await page.goto(path);
      await expect(page.getByRole('group', { name: /^(Huoltaja 2|Vårdnadshavare 2|Guardian 2)$/ })).toBeVisible();
      await expectNoAxeViolations(page, `registration of a ward (${lang})`);
    }
  });

  test('the new customer page, anonymous, in fi, sv and en', async ({ page }) => {
    // the booking remote is deployed: the page offers online booking (its landing) and the phone
    for (const [lang, path, heading, book, call] of [
      ['fi', '/fi/uusi-asiakas', 'Tervetuloa asiakkaaksemme!', 'Varaa aika verkossa', /^Tai soita asiakaspalveluumme:/],
      ['sv', '/sv/ny-kund', 'Välkommen som vår kund!', 'Boka tid på nätet', /^Eller ring vår kundtjänst:/],
      ['en', '/en/new-customer', 'Welcome as our customer!', 'Book an appointment online', /^Or call our customer service:/],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('link', { name: book })).toHaveAttribute('href', { fi: '/fi/ajanvaraus', sv: '/sv/tidsbokning', en: '/en/booking' }[lang]);
      await expect(page.getByText(call)).toBeVisible();
      await expect(page.getByRole('link', { name: /^tel:|\d/ }).first()).toHaveAttribute('href', /^tel:/);
      await expectNoAxeViolations(page, `new customer (${lang})`);
    }
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/en\/login$/);
  });
});
