import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { languages, type Lang } from '@portal/shared-api';
import type { MockRequest } from '@portal/shared-api/mock';
import fi from '../messages/fi.json';
import sv from '../messages/sv.json';
import en from '../messages/en.json';
import { createFakeShell, renderWithShell } from '../test/shell-fake';
import { ContactDetailsBlock } from './components/contact-details/ContactDetailsBlock';
import { AnonymousReservationForm } from './pages/anonymous-reservation/AnonymousReservationForm';
import { anonymousOkState, reservationDetails, routesWithAccount } from './pages/reservation/test-fixtures';

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
/** The e-mail address a text shows ("firstname.lastname@example.com"). */
const emailExample = (text: string) => text.match(/[^\s,]+@[^\s,]+/)?.[0] ?? '';
/** The identity code of the issue: a development code whose check character is typed in lower case. */
const IDENTITY_CODE = '021178-912p';

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

const textbox = (name: string) => screen.getByRole('textbox', { name });

describe('the booking forms take the examples their hints show (issue 28)', () => {
  test('the phone hints show a number with and without the country code, as My information does', () => {
    for (const lang of languages) {
      const m = CATALOGUES[lang];
      expect(phoneExamples(m['booking.reservation.contact.hint.phoneNumber']!)).toEqual(['040 123 4567', '+358 40 123 4567']);
      expect(phoneExamples(m['booking.anonymousReservation.hint.phone']!)).toEqual(['040 123 4567', '+358 40 123 4567']);
      expect(emailExample(m['booking.anonymousReservation.error.email']!)).toMatch(/@example\.com$/);
    }
  });

  test.each(cases)("the reservation page's contact details, %s: each phone example typed %s is saved whole", async (lang, variant) => {
    const m = CATALOGUES[lang];
    const typed = VARIANTS[variant];
    const text = textTyped(variant);
    const empty = { streetAddress: '', postalCode: '', postOffice: '', emailAddress: '', phoneNumber: '' };
    for (const example of phoneExamples(m['booking.reservation.contact.hint.phoneNumber']!)) {
      const shell = createFakeShell({ lang });
      shell.api.use({ 'PUT /api/user': (request: MockRequest) => ({ type: 'success', patient: request.json }) });
      const { unmount } = renderWithShell(
        <ContactDetailsBlock values={empty} onSaved={() => undefined} onEditingChange={() => undefined} myInformationHref={null} />,
        shell,
      );
      await userEvent.click(screen.getByRole('button', { name: m['booking.reservation.contact.edit'] }));
      const field = (key: string) => textbox(m[`booking.reservation.contact.field.${key}`]!);
      await typeInto(field('streetAddress'), text('Mannerheimintie 12 B 7'));
      await typeInto(field('postalCode'), text('00100'));
      await typeInto(field('postOffice'), text('Helsinki'));
      await typeInto(field('emailAddress'), text('mikko.virtanen@example.fi'));
      await typeInto(field('phoneNumber'), typed(example));
      expect(field('phoneNumber')).toHaveAccessibleDescription(m['booking.reservation.contact.hint.phoneNumber']);
      await userEvent.click(screen.getByRole('button', { name: m['booking.reservation.contact.save'] }));
      await waitFor(() => expect(shell.api.calls).toHaveLength(1));
      expect((shell.api.calls[0] as MockRequest).json).toEqual({
        streetAddress: 'Mannerheimintie 12 B 7',
        postalCode: '00100',
        postOffice: 'Helsinki',
        emailAddress: 'mikko.virtanen@example.fi',
        phoneNumber: FINNISH_NUMBER,
      });
      unmount();
    }
  });

  test.each(cases)('the anonymous reservation form, %s: each example typed %s is sent whole', async (lang, variant) => {
    const m = CATALOGUES[lang];
    const typed = VARIANTS[variant];
    const text = textTyped(variant);
    const email = emailExample(m['booking.anonymousReservation.error.email']!);
    for (const example of phoneExamples(m['booking.anonymousReservation.hint.phone']!)) {
      const shell = createFakeShell({ lang, routes: routesWithAccount, user: null });
      shell.api.use({ 'POST /api/anon/reserve-appointment': () => ({ reservationDetails }) });
      const onReserved = jest.fn();
      const { unmount } = renderWithShell(<AnonymousReservationForm state={anonymousOkState} loginHref={null} onReserved={onReserved} />, shell);
      const field = (key: string) => textbox(m[`booking.anonymousReservation.field.${key}`]!);
      await typeInto(field('ssn'), typed(IDENTITY_CODE));
      await typeInto(field('firstName'), text('Maija'));
      await typeInto(field('lastName'), text('Meikäläinen'));
      await typeInto(field('phone'), typed(example));
      await typeInto(field('email'), text(email));
      expect(field('phone')).toHaveAccessibleDescription(m['booking.anonymousReservation.hint.phone']);
      await userEvent.click(screen.getByRole('checkbox', { name: m['booking.anonymousReservation.terms'] }));
      const submit = screen.getByRole('button', { name: m['booking.reservation.submit'] });
      expect(submit).toBeEnabled();
      await userEvent.click(submit);
      await waitFor(() => expect(onReserved).toHaveBeenCalled());
      expect((shell.api.calls[0] as MockRequest).json).toMatchObject({
        ssn: '021178-912P',
        firstName: 'Maija',
        lastName: 'Meikäläinen',
        phone: FINNISH_NUMBER,
        emailAddress: email,
      });
      unmount();
    }
  });
});
