import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type Lang } from '@portal/shared-api';
import { renderShell } from '../test/render-shell';

const anonymous = { user: null, session: null };

const PATHS: Record<Lang, string> = {
  fi: '/fi/saavutettavuusseloste',
  sv: '/sv/tillganglighetsutlatande',
  en: '/en/accessibility-statement',
};

/** What every language's statement must say, by its headings and the texts the Act requires. */
const EXPECTED: Record<Lang, { title: string; headings: string[]; conformance: RegExp; date: RegExp; response: RegExp; authority: string; submit: string }> = {
  fi: {
    title: 'Saavutettavuusseloste',
    headings: ['Saavutettavuuden tila', 'Ei-saavutettava sisältö', 'Miten saavutettavuus on arvioitu', 'Anna palautetta saavutettavuudesta', 'Valvontaviranomainen'],
    conformance: /täyttää saavutettavuusvaatimukset \(WCAG 2\.2 -ohjeiden AA-taso\) osittain/,
    date: /29\. marraskuuta 2026/,
    response: /14 päivän kuluessa/,
    authority: 'Etelä-Suomen aluehallintovirasto',
    submit: 'Lähetä palaute',
  },
  sv: {
    title: 'Tillgänglighetsutlåtande',
    headings: ['Tillgänglighetsstatus', 'Icke tillgängligt innehåll', 'Hur tillgängligheten har bedömts', 'Ge respons om tillgängligheten', 'Tillsynsmyndighet'],
    conformance: /uppfyller delvis tillgänglighetskraven \(nivå AA i WCAG 2\.2\)/,
    date: /29 november 2026/,
    response: /inom 14 dagar/,
    authority: 'Regionförvaltningsverket i Södra Finland',
    submit: 'Skicka respons',
  },
  en: {
    title: 'Accessibility statement',
    headings: ['Compliance status', 'Non-accessible content', 'How accessibility was assessed', 'Give feedback on accessibility', 'Supervisory authority'],
    conformance: /partially conforms to the Web Content Accessibility Guidelines \(WCAG\) 2\.2 at level AA/,
    date: /November 29, 2026|29 November 2026/,
    response: /within 14 days/,
    authority: 'Regional State Administrative Agency for Southern Finland',
    submit: 'Send feedback',
  },
};

describe('accessibility statement', () => {
  test.each(['fi', 'sv', 'en'] as const)('in %s it has every required section, the assessment date and the supervisory authority', (lang) => {
    const expected = EXPECTED[lang];
    renderShell(PATHS[lang], { state: { ...anonymous, lang } });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: expected.title })).toBeInTheDocument();
    expect(within(main).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(expected.headings);
    expect(main).toHaveTextContent(expected.conformance);
    expect(main).toHaveTextContent(expected.date);
    expect(main).toHaveTextContent(expected.response);
    expect(main).toHaveTextContent(/axe/);
    expect(main).toHaveTextContent(/Playwright/);
    // the WCAG 2.2 criteria axe cannot check, each by its number (e2e/tests/wcag22*.spec.ts, issue 33)
    expect(main).toHaveTextContent(/\(2\.4\.11\).*\(2\.5\.8\).*\(3\.2\.6\).*\(3\.3\.7\).*\(3\.3\.8\)/);
    const authority = within(main).getByRole('region', { name: expected.headings[4] });
    expect(authority).toHaveTextContent(expected.authority);
    expect(within(authority).getByRole('link', { name: 'www.saavutettavuusvaatimukset.fi' })).toHaveAttribute('href', 'https://www.saavutettavuusvaatimukset.fi');
    expect(within(authority).getByRole('link', { name: 'saavutettavuus@avi.fi' })).toHaveAttribute('href', 'mailto:saavutettavuus@avi.fi');
    expect(within(authority).getByRole('link', { name: '0295 016 000' })).toHaveAttribute('href', 'tel:0295016000');
    expect(within(main).getByRole('button', { name: expected.submit })).toBeInTheDocument();
  });

  test('the children’s brand has it too, naming its own service, and so does a signed-in visitor', () => {
    renderShell(PATHS.fi, { state: { lang: 'fi', brand: 'children' } });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Saavutettavuusseloste' })).toBeInTheDocument();
    expect(main).toHaveTextContent(/lasten/i);
  });
});

describe('accessibility feedback form', () => {
  test('refuses a missing description and a bad email address at their fields, focusing the first, and sends nothing', async () => {
    const user = userEvent.setup();
    const { runtime } = renderShell(PATHS.en, { state: anonymous });
    await user.type(screen.getByLabelText('Page or service concerned (optional)'), 'Booking');
    await user.type(screen.getByLabelText(/Email address/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));

    const description = screen.getByRole('textbox', { name: 'Describe the problem' });
    expect(description).toHaveFocus();
    expect(description).toHaveAttribute('aria-invalid', 'true');
    expect(description).toHaveAccessibleDescription(/Describe the problem\./);
    const email = screen.getByRole('textbox', { name: /Email address/ });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(/Check the email address/);
    expect(screen.getByLabelText('Page or service concerned (optional)')).toHaveValue('Booking');
    expect(runtime.api.sendAccessibilityFeedback).not.toHaveBeenCalled();
  });

  test('refuses a description over the limit', async () => {
    const user = userEvent.setup();
    renderShell(PATHS.en, { state: anonymous });
    const description = screen.getByRole('textbox', { name: 'Describe the problem' });
    await user.click(description);
    await user.paste('x'.repeat(4001));
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(description).toHaveAccessibleDescription(/The text is too long: at most 4,000 characters\./);
  });

  test('sends the feedback, then moves focus to the confirmation', async () => {
    const user = userEvent.setup();
    const { runtime } = renderShell(PATHS.fi, { state: { ...anonymous, lang: 'fi' } });
    await user.type(screen.getByRole('textbox', { name: 'Kuvaa ongelma' }), 'Kalenteria ei voi käyttää näppäimistöllä.');
    await user.type(screen.getByRole('textbox', { name: /Sähköpostiosoite/ }), ' anna@example.fi ');
    await user.click(screen.getByRole('button', { name: 'Lähetä palaute' }));

    expect(runtime.api.sendAccessibilityFeedback).toHaveBeenCalledWith(
      { description: 'Kalenteria ei voi käyttää näppäimistöllä.', email: 'anna@example.fi' },
      expect.any(AbortSignal),
    );
    const confirmation = await screen.findByRole('heading', { name: 'Kiitos palautteestasi' });
    await waitFor(() => expect(confirmation).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Lähetä palaute' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Lähetä uusi palaute' }));
    expect(screen.getByRole('textbox', { name: 'Kuvaa ongelma' })).toHaveValue('');
  });

  test('a failed send says so and keeps what was typed; the limit has its own message', async () => {
    const user = userEvent.setup();
    const send = jest
      .fn()
      .mockRejectedValueOnce(new ApiError({ kind: 'network' }))
      .mockRejectedValueOnce(new ApiError({ kind: 'http', status: 429, type: 'TooManyRequests', retryAfterSeconds: 60 }));
    renderShell(PATHS.en, { state: anonymous, api: { sendAccessibilityFeedback: send } });
    const description = screen.getByRole('textbox', { name: 'Describe the problem' });
    await user.type(description, 'Focus is lost.');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent('The feedback could not be sent. Please try again in a moment.');
    expect(description).toHaveValue('Focus is lost.');

    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(within(screen.getByRole('main')).getByRole('alert')).toHaveTextContent('You have sent a lot of feedback in a short time.'));
    expect(description).toHaveValue('Focus is lost.');
  });

  test('the server’s refusal is shown at its field', async () => {
    const user = userEvent.setup();
    const send = jest.fn().mockRejectedValueOnce(new ApiError({ kind: 'validation', details: [{ path: 'email', message: 'Invalid email address' }] }));
    renderShell(PATHS.en, { state: anonymous, api: { sendAccessibilityFeedback: send } });
    await user.type(screen.getByRole('textbox', { name: 'Describe the problem' }), 'Focus is lost.');
    await user.type(screen.getByRole('textbox', { name: /Email address/ }), 'a@b.fi');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    const email = screen.getByRole('textbox', { name: /Email address/ });
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription(/Check the email address/);
  });
});

describe('footer link to the accessibility statement', () => {
  test.each([
    ['fi', 'Saavutettavuusseloste'],
    ['sv', 'Tillgänglighetsutlåtande'],
    ['en', 'Accessibility statement'],
  ] as const)('in %s, anonymous and signed in, on both brands', async (lang, name) => {
    for (const state of [{ ...anonymous, lang }, { lang }, { lang, brand: 'children' as const }]) {
      const view = renderShell(`/${lang}/eula`, { state });
      const footer = screen.getByRole('contentinfo');
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', PATHS[lang]);
      view.unmount();
    }
  });

  test('opens the statement in the shell', async () => {
    const user = userEvent.setup();
    renderShell('/en/eula', { state: anonymous });
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Accessibility statement' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeInTheDocument();
  });
});
