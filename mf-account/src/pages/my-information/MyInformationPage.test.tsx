import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { encodeSaveAction, type MyInformationPageState, type Patient, type SaveAction } from '@portal/shared-api';
import { mockFailure, type MockRequest } from '@portal/shared-api/mock';
import { consent, mikko, myInformationState } from '../../../test/my-information-fixtures';
import { createFakeShell, pageState, renderWithShell, type FakeShell } from '../../../test/shell-fake';
import { MyInformationPage } from './MyInformationPage';

// The Kela card and SMS login sections are other features' (tested beside them); here only where they are mounted.
jest.mock('./kela/KelaCardSection', () => ({ KelaCardSection: () => <p>Kela card section</p> }));
jest.mock('./sms-login/SmsLoginToggle', () => ({ SmsLoginToggle: () => <p>SMS login section</p> }));
jest.mock('./reminders/AppointmentRemindersSection', () => ({
  AppointmentRemindersSection: ({ initial }: { initial: { setting: string } }) => <p>Appointment reminders section: {initial.setting}</p>,
}));

// userEvent types character by character; a busy machine needs more than the default 5 s for the longer flows
jest.setTimeout(20_000);

const ROUTE = 'account.my-information';

const state = myInformationState;

function show(options: { state?: MyInformationPageState; saveAction?: SaveAction | string; shell?: FakeShell } = {}) {
  const shell = options.shell ?? createFakeShell();
  shell.takeInitialPageState.mockImplementation((routeId) => (routeId === ROUTE ? pageState(routeId, options.state ?? state()) : null));
  const param = options.saveAction === undefined ? '' : typeof options.saveAction === 'string' ? options.saveAction : encodeSaveAction(options.saveAction);
  renderWithShell(<MyInformationPage />, shell, `/${shell.lang}/my-information${param ? `?saveAction=${param}` : ''}`);
  return shell;
}

const tab = (name: string) => screen.getByRole('tab', { name });
const field = (name: string) => screen.getByRole('textbox', { name });
const saveButton = () => screen.getByRole('button', { name: /^Save/ });

function savedPatient(json: unknown): Patient {
  const body = json as Record<string, string>;
  return {
    ...mikko,
    email: body.emailAddress ?? null,
    phoneNumber: body.phoneNumber ?? null,
    language: (body.language as Patient['language']) ?? null,
    postalAddress: { street: body.streetAddress ?? null, postalCode: body.zipCode ?? null, postOffice: body.postOffice ?? null },
  };
}

/** POST /api/user answering as the server does: the saved patient and the next page. */
function answerSave(shell: FakeShell) {
  shell.api.use({
    'POST /api/user': (request: MockRequest) => ({
      type: 'success',
      patient: savedPatient(request.json),
      next: (request.json as { next?: string }).next ?? null,
    }),
  });
}

describe('My information page', () => {
  test('asks the loader while loading, then shows its heading and two tabs, contact information first', () => {
    const shell = createFakeShell();
    renderWithShell(<MyInformationPage />, shell, '/en/my-information');
    expect(shell.loadPage).toHaveBeenCalledWith(ROUTE, {}, expect.any(AbortSignal));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  test('shows the read-only contact details with the masked identity code, and the consent tab hidden', () => {
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'My information' })).toBeInTheDocument();
    expect(tab('Basic contact information')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Permissions and agreements')).toHaveAttribute('aria-selected', 'false');
    const details = screen.getByRole('region', { name: 'Contact details' });
    expect(within(details).getByText('150385-****')).toBeInTheDocument();
    expect(within(details).getByText('Mannerheimintie 12 B 7')).toBeInTheDocument();
    expect(within(details).getByText('mikko.virtanen@example.fi')).toBeInTheDocument();
    expect(within(details).getByText('Finnish')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    const contactPanel = screen.getByRole('tabpanel', { name: 'Basic contact information' });
    expect(within(contactPanel).getByText('Kela card section')).toBeInTheDocument();
    expect(within(contactPanel).getByText('SMS login section')).toBeInTheDocument();
    // with the setting the page's state carries (the reminders module's, through the loader)
    expect(within(contactPanel).getByText('Appointment reminders section: 24h')).toBeInTheDocument();
  });

  test('says "Not given" for details never given', () => {
    show({ state: state({ postalAddress: { street: null, postalCode: null, postOffice: null }, email: null }) });
    expect(within(screen.getByRole('region', { name: 'Contact details' })).getAllByText('Not given')).toHaveLength(4);
  });

  test('the tabs follow the arrow keys, Home and End', async () => {
    show();
    tab('Basic contact information').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Permissions and agreements')).toHaveFocus();
    expect(tab('Permissions and agreements')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('checkbox', { name: 'I want to receive booking confirmations and reminders by text message' })).toBeChecked();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Basic contact information')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(tab('Permissions and agreements')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    expect(tab('Basic contact information')).toHaveAttribute('aria-selected', 'true');
  });

  describe('saveAction', () => {
    test('going back to the appointment with tab consent opens permissions and agreements', () => {
      show({ saveAction: { type: 'appointment', path: '/en/appointment/12', tab: 'consent' } });
      expect(tab('Permissions and agreements')).toHaveAttribute('aria-selected', 'true');
    });

    test.each<[string, SaveAction | string]>([
      ['back to the appointment without a tab', { type: 'appointment', path: '/en/appointment/12' }],
      ['to the invoice payment', { type: 'invoice-payment', path: '/en/pay/42' }],
      ['a parameter that is not a follow-up', 'bm90LWpzb24'],
    ])('%s opens the contact information', (_, saveAction) => {
      show({ saveAction });
      expect(tab('Basic contact information')).toHaveAttribute('aria-selected', 'true');
    });

    test.each<[string, SaveAction]>([
      ['back to the appointment reservation', { type: 'appointment-reservation', path: '/en/booking/private-customer/123' }],
      ['back to the appointment', { type: 'appointment', path: '/en/appointment/12,13' }],
      ['to the invoice payment', { type: 'invoice-payment', path: '/en/pay/42' }],
    ])('after saving the contact details goes %s', async (_, saveAction) => {
      const shell = show({ saveAction });
      answerSave(shell);
      await userEvent.click(screen.getByRole('button', { name: 'Edit contact details' }));
      await userEvent.click(saveButton());
      expect(shell.api.calls[0]?.json).toMatchObject({ next: saveAction.type === 'reload' ? undefined : saveAction.path });
      expect(shell.navigate).toHaveBeenCalledWith(saveAction.type === 'reload' ? '' : saveAction.path);
    });

    test('after saving the consents goes back to the appointment', async () => {
      const shell = show({ saveAction: { type: 'appointment', path: '/en/appointment/12', tab: 'consent' } });
      shell.api.use({
        'POST /api/user/consent': { type: 'success', consent, patientDataConsentFormUpdated: '2026-11-24T06:00:00.000Z', patientDataConsent: 'ok' },
      });
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(shell.navigate).toHaveBeenCalledWith('/en/appointment/12');
    });

    test('without one (reload) the saved consents stay on the page with a confirmation', async () => {
      const shell = show();
      shell.api.use({
        'POST /api/user/consent': { type: 'success', consent: { ...consent, allowsMarketingMail: true }, patientDataConsentFormUpdated: '2026-11-24T06:00:00.000Z', patientDataConsent: 'ok' },
      });
      await userEvent.click(tab('Permissions and agreements'));
      await userEvent.click(screen.getByRole('checkbox', { name: 'I want to receive marketing by email' }));
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(shell.navigate).not.toHaveBeenCalled();
      expect(await screen.findByText('Your changes have been saved.')).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'I want to receive marketing by email' })).toBeChecked();
    });
  });

  test('a first consent in the second tab needs the privacy policy read; once saved it is not asked again', async () => {
    const shell = show({ state: state({ patientDataConsentFormUpdated: null, patientDataConsent: 'missing' }) });
    shell.api.use({
      'POST /api/user/consent': { type: 'success', consent, patientDataConsentFormUpdated: '2026-11-24T06:00:00.000Z', patientDataConsent: 'ok' },
    });
    await userEvent.click(tab('Permissions and agreements'));
    const save = () => within(screen.getByRole('tabpanel', { name: 'Permissions and agreements' })).getByRole('button', { name: 'Save' });
    expect(save()).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I have read the privacy policy' }));
    await userEvent.click(save());
    expect(await screen.findByText('Your changes have been saved.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'I have read the privacy policy' })).not.toBeInTheDocument();
    expect(save()).toBeEnabled();
  });

  describe('contact details', () => {
    test('edit shows the saved values in labelled fields, focused on the first; cancel restores them and returns focus', async () => {
      show();
      await userEvent.click(screen.getByRole('button', { name: 'Edit contact details' }));
      expect(field('Street address')).toHaveFocus();
      expect(field('Street address')).toHaveValue('Mannerheimintie 12 B 7');
      expect(field('Postal code')).toHaveValue('00100');
      expect(field('Post office')).toHaveValue('Helsinki');
      expect(field('Email')).toHaveValue('mikko.virtanen@example.fi');
      expect(screen.getByRole('textbox', { name: /^Phone number/ })).toHaveValue('+358405550101');
      expect(screen.getByRole('radio', { name: 'Finnish' })).toBeChecked();
      await userEvent.clear(field('Street address'));
      await userEvent.type(field('Street address'), 'Uusi katu 1');
      await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.getByText('Mannerheimintie 12 B 7')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Edit contact details' })).toHaveFocus();
      await userEvent.click(screen.getByRole('button', { name: 'Edit contact details' }));
      expect(field('Street address')).toHaveValue('Mannerheimintie 12 B 7');
    });

    test.each([
      ['Street address', '', 'Required'],
      ['Street address', 'A', 'Enter a street address of 2 to 30 characters.'],
      ['Postal code', '0010', 'The postal code must be 5 digits and can only contain numbers.'],
      ['Postal code', '0010A', 'The postal code must be 5 digits and can only contain numbers.'],
      ['Post office', 'H', 'Enter a post office of 2 to 30 characters.'],
      ['Email', 'mikko virtanen@example.fi', 'Your email address is invalid.'],
      ['Email', 'mikko@', 'Your email address is invalid.'],
      ['Phone number', '+46701234567', 'Please provide a phone number'],
      ['Phone number', '0600123456', 'Please provide a phone number'],
    ])('%s %j: the field says %s once left, "Check" names it, and Save is locked', async (name, value, message) => {
      show();
      await userEvent.click(screen.getByRole('button', { name: 'Edit contact details' }));
      const input = screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
      await userEvent.clear(input);
      if (value) await userEvent.type(input, value);
      expect(saveButton()).toBeDisabled();
      await userEvent.tab();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(screen.getByText(`Check ${name.toLowerCase()}`)).toBeInTheDocument();
      expect(saveButton()).toHaveAccessibleDescription(`Check ${name.toLowerCase()}`);
    });

    test('"Check" names every failing field in lower case', async () => {
      show();
      await userEvent.click(screen.getByRole('button', { name: 'Edit contact details' }));
      await userEvent.clear(field('Postal code'));
      await userEvent.clear(field('Email'));
      expect(screen.getByText('Check postal code and email')).toBeInTheDocument();
    });

    test('no input cuts what is typed (issue 28): a text over its §5 length is kept whole and refused with its message', async () => {
      show();
      await userEvent.click(screen.getByRole('button', { name: 'Edit contact details' }));
      for (const name of ['Street address', 'Postal code', 'Post office', 'Email']) expect(field(name)).not.toHaveAttribute('maxLength');
      expect(screen.getByRole('textbox', { name: /^Phone number/ })).not.toHaveAttribute('maxLength');
      const street = field('Street address');
      await userEvent.clear(street);
      await userEvent.type(street, 'K'.repeat(31));
      await userEvent.tab();
      expect(street).toHaveValue('K'.repeat(31));
      expect(street).toHaveAttribute('aria-invalid', 'true');
    });

    test('the phone number is normalised on blur: a leading 0 becomes +358 and spaces go', async () => {
      show();
      await userEvent.click(screen.getByRole('button', { name: 'Edit contact details' }));
      const phone = screen.getByRole('textbox', { name: /^Phone number/ });
      await userEvent.clear(phone);
      await userEvent.type(phone, '040 123 4567');
      expect(phone).toHaveValue('040 123 4567');
      await userEvent.tab();
      expect(phone).toHaveValue('+358401234567');
    });

    test('saves trimmed values with the language, locks the form while saving, then shows the saved values', async () => {
      const shell = show();
      let finish: (value: unknown) => void = () => {};
      shell.api.use({
        'POST /api/user': (request: MockRequest) =>
          new Promise((resolve) => {
            finish = () => resolve({ type: 'success', patient: savedPatient(request.json), next: null });
          }),
      });
      await userEvent.click(screen.getByRole('button', { name: 'Edit contact details' }));
      await userEvent.clear(field('Street address'));
      await userEvent.type(field('Street address'), '  Aleksanterinkatu 15  ');
      await userEvent.clear(field('Post office'));
      await userEvent.type(field('Post office'), ' Espoo ');
      await userEvent.click(screen.getByRole('radio', { name: 'Swedish' }));
      await userEvent.click(saveButton());
      expect(shell.api.calls).toHaveLength(1);
      expect(shell.api.calls[0]).toMatchObject({
        method: 'POST',
        path: '/api/user',
        json: {
          streetAddress: 'Aleksanterinkatu 15',
          zipCode: '00100',
          postOffice: 'Espoo',
          emailAddress: 'mikko.virtanen@example.fi',
          phoneNumber: '+358405550101',
          language: 'sv',
          lang: 'en',
        },
      });
      expect((shell.api.calls[0]?.json as Record<string, unknown>).next).toBeUndefined();
      expect(field('Street address')).toBeDisabled();
      expect(screen.getByRole('button', { name: /Saving/ })).toBeDisabled();
      await act(async () => finish(undefined));
      expect(await screen.findByText('Your changes have been saved.')).toBeInTheDocument();
      expect(screen.getByText('Aleksanterinkatu 15')).toBeInTheDocument();
      expect(screen.getByText('Espoo')).toBeInTheDocument();
      expect(screen.getByText('Swedish')).toBeInTheDocument();
      expect(shell.navigate).not.toHaveBeenCalled();
    });

    test('a failed save says so, focused, keeps what was typed and allows another try', async () => {
      const shell = show();
      shell.api.use({ 'POST /api/user': mockFailure({ kind: 'http', status: 500 }) });
      await userEvent.click(screen.getByRole('button', { name: 'Edit contact details' }));
      await userEvent.clear(field('Post office'));
      await userEvent.type(field('Post office'), 'Vantaa');
      await userEvent.click(saveButton());
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Sorry, something went wrong and we could not save the changes. Please try again.');
      expect(alert.parentElement).toHaveFocus();
      expect(field('Post office')).toHaveValue('Vantaa');
      expect(saveButton()).toBeEnabled();
      expect(shell.errors.report).toHaveBeenCalled();
    });

    test("the server's field refusals mark their fields", async () => {
      const shell = show();
      shell.api.use({ 'POST /api/user': mockFailure({ kind: 'validation', details: [{ path: 'zipCode', message: 'account.contact.error.postal-code' }] }) });
      await userEvent.click(screen.getByRole('button', { name: 'Edit contact details' }));
      await userEvent.click(saveButton());
      expect(await screen.findByText('The postal code must be 5 digits and can only contain numbers.')).toBeInTheDocument();
      expect(field('Postal code')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByText('Check postal code')).toBeInTheDocument();
    });

    test('texts come in Finnish', async () => {
      show({ shell: createFakeShell({ lang: 'fi' }) });
      expect(screen.getByRole('heading', { level: 1, name: 'Omat tiedot' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Muokkaa yhteystietoja' }));
      await userEvent.clear(screen.getByRole('textbox', { name: 'Postinumero' }));
      expect(screen.getByText('Tarkista postinumero')).toBeInTheDocument();
    });
  });
});
