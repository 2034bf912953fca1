import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { languages, type Lang, type Patient, type RegistrationPageState } from '@portal/shared-api';
import type { MockRequest } from '@portal/shared-api/mock';
import fi from '../messages/fi.json';
import sv from '../messages/sv.json';
import en from '../messages/en.json';
import { createFakeShell, renderWithShell } from '../test/shell-fake';
import { RegistrationForm } from './components/registration/RegistrationForm';
import { ContactDetails } from './pages/my-information/ContactDetails';

/**
 * Issue 28: every form of the remote takes the examples its own hints show, as a person types
 * them: with the spaces of the hint, without them, and with blanks around. Each reaches the save
 * call whole (the phone in the one normalised form, +358…), never cut by an input's length limit
 * and never refused. The examples are read from the catalogue, so the test follows the hints.
 */

// Typing whole forms character by character takes seconds on a busy machine.
jest.setTimeout(60_000);

const CATALOGUES: Record<Lang, Record<string, string>> = { fi, sv, en };

/** The phone numbers a hint shows ("040 123 4567", "+358 40 123 4567"). */
const phoneExamples = (hint: string) => hint.match(/\+?\d[\d ]*\d/g) ?? [];
/** The postal code a hint shows ("00100"). */
const postalCodeExample = (hint: string) => hint.match(/\b\d{5}\b/)?.[0] ?? '';

/** Ways a person types an example: as the hint shows it, without its spaces, with blanks around. */
const VARIANTS = {
  'as shown': (example: string) => example,
  'without spaces': (example: string) => example.replace(/ /g, ''),
  'with blanks around': (example: string) => `  ${example} `,
};
type Variant = keyof typeof VARIANTS;
/** A text that is no example (a street, a name) keeps its spaces; only the blanks around vary. */
const textTyped = (variant: Variant) => (text: string) => (variant === 'with blanks around' ? VARIANTS[variant](text) : text);

const cases = languages.flatMap((lang) => (Object.keys(VARIANTS) as Variant[]).map((variant) => [lang, variant] as const));

const FINNISH_NUMBER = '+358401234567';

async function typeInto(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

const textbox = (name: string, scope: HTMLElement = document.body) => within(scope).getByRole('textbox', { name });

describe('the account forms take the examples their hints show (issue 28)', () => {
  test('every hint used below shows a phone example with and without the country code, and a postal code', () => {
    for (const lang of languages) {
      const m = CATALOGUES[lang];
      expect(phoneExamples(m['account.my-information.phone-hint']!)).toEqual(['040 123 4567', '+358 40 123 4567']);
      expect(phoneExamples(m['account.registration.phone-hint']!)).toEqual(['040 123 4567', '+358 40 123 4567']);
      expect(postalCodeExample(m['account.registration.guardian.zipCode-hint']!)).toBe('00100');
    }
  });

  test.each(cases)('My information, %s: each phone example typed %s is saved whole', async (lang, variant) => {
    const m = CATALOGUES[lang];
    const typed = VARIANTS[variant];
    const text = textTyped(variant);
    const patient: Patient = {
      firstName: 'Mikko',
      lastName: 'Virtanen',
      ssn: '150385-****',
      phoneNumber: null,
      email: null,
      language: lang,
      postalAddress: { street: null, postalCode: null, postOffice: null },
      patientDataConsentFormUpdated: null,
      patientDataConsent: 'ok',
    };
    for (const example of phoneExamples(m['account.my-information.phone-hint']!)) {
      const shell = createFakeShell({ lang });
      shell.api.use({ 'POST /api/user': () => ({ type: 'success', patient, next: null }) });
      const { unmount } = renderWithShell(<ContactDetails patient={patient} nextPath={null} onSaved={() => undefined} />, shell);
      await userEvent.click(screen.getByRole('button', { name: m['account.my-information.edit'] }));
      const field = (key: string) => textbox(m[`account.my-information.field.${key}`]!);
      await typeInto(field('streetAddress'), text('Mannerheimintie 12 B 7'));
      await typeInto(field('postalCode'), typed(postalCodeExample(m['account.registration.guardian.zipCode-hint']!)));
      await typeInto(field('postOffice'), text('Helsinki'));
      await typeInto(field('emailAddress'), text('mikko.virtanen@example.fi'));
      await typeInto(field('phoneNumber'), typed(example));
      expect(field('phoneNumber')).toHaveAccessibleDescription(m['account.my-information.phone-hint']);
      await userEvent.click(screen.getByRole('button', { name: m['account.my-information.save'] }));
      await waitFor(() => expect(shell.api.calls).toHaveLength(1));
      expect((shell.api.calls[0] as MockRequest).json).toMatchObject({
        streetAddress: 'Mannerheimintie 12 B 7',
        zipCode: '00100',
        postOffice: 'Helsinki',
        emailAddress: 'mikko.virtanen@example.fi',
        phoneNumber: FINNISH_NUMBER,
      });
      unmount();
    }
  });

  test.each(cases)('registration of a child with a guardian at another address, %s: each example typed %s is registered whole', async (lang, variant) => {
    const m = CATALOGUES[lang];
    const typed = VARIANTS[variant];
    const text = textTyped(variant);
    const state: RegistrationPageState = {
      registered: false,
      subject: { kind: 'ward', maskedIdentityCode: '120519A****', firstName: 'Sanni', lastName: 'Nieminen' },
      contact: { streetAddress: '', zipCode: '', postOffice: '', emailAddress: '', phoneNumber: '' },
      guardians: [],
    };
    const [local, international] = phoneExamples(m['account.registration.phone-hint']!) as [string, string];
    const postalCode = postalCodeExample(m['account.registration.guardian.zipCode-hint']!);
    const shell = createFakeShell({ lang });
    shell.api.use({ 'POST /api/user/register': () => ({ type: 'success', patient: { firstName: 'Sanni', lastName: 'Nieminen', registered: true } }) });
    renderWithShell(<RegistrationForm state={state} onDone={() => undefined} />, shell);

    const own = screen.getByRole('group', { name: m['account.registration.ward.title'] });
    const ownField = (key: string) => textbox(m[`account.registration.field.${key}`]!, own);
    await typeInto(ownField('streetAddress'), text('Mannerheimintie 10'));
    await typeInto(ownField('zipCode'), typed(postalCode));
    await typeInto(ownField('postOffice'), text('Helsinki'));
    await typeInto(ownField('phoneNumber'), typed(local));
    await typeInto(ownField('emailAddress'), text('sanni@example.fi'));
    expect(ownField('phoneNumber')).toHaveAccessibleDescription(m['account.registration.phone-hint']);

    const guardian = screen.getByRole('group', { name: m['account.registration.guardian.title']!.replace('{number}', '1') });
    const guardianField = (key: string) => textbox(m[`account.registration.guardian.${key}`]!, guardian);
    await typeInto(guardianField('name'), text('Leena Nieminen'));
    await typeInto(guardianField('phone'), typed(international));
    await typeInto(guardianField('emailAddress'), text('leena@example.fi'));
    await userEvent.click(within(guardian).getByRole('checkbox', { name: m['account.registration.guardian.same-address'] }));
    await typeInto(guardianField('streetAddress'), text('Hämeentie 3'));
    await typeInto(guardianField('zipCode'), typed(postalCode));
    await typeInto(guardianField('postOffice'), text('Helsinki'));
    expect(guardianField('zipCode')).toHaveAccessibleDescription(m['account.registration.guardian.zipCode-hint']);

    await userEvent.click(screen.getByRole('button', { name: m['account.registration.submit'] }));
    await waitFor(() => expect(shell.api.calls).toHaveLength(1));
    expect((shell.api.calls[0] as MockRequest).json).toMatchObject({
      streetAddress: 'Mannerheimintie 10',
      zipCode: '00100',
      postOffice: 'Helsinki',
      phoneNumber: FINNISH_NUMBER,
      emailAddress: 'sanni@example.fi',
      guardians: [
        {
          name: 'Leena Nieminen',
          phone: FINNISH_NUMBER,
          emailAddress: 'leena@example.fi',
          isGuardianHasSameAddress: false,
          streetAddress: 'Hämeentie 3',
          zipCode: '00100',
          postOffice: 'Helsinki',
        },
      ],
    });
  });
});
