import { CONTACT_INPUTS, contactValuesOf } from './contact-fields';

describe('contact fields', () => {
  test("a patient's saved details become the form's values, a missing one an empty string", () => {
    expect(
      contactValuesOf({ postalAddress: { street: 'Kotikatu 1', postalCode: '00100', postOffice: null }, email: null, phoneNumber: '+358401234567' }),
    ).toEqual({ streetAddress: 'Kotikatu 1', postalCode: '00100', postOffice: '', emailAddress: '', phoneNumber: '+358401234567' });
  });

  test('the postal code is typed on a number pad; e-mail and phone use their keyboards; no input cuts what is typed', () => {
    expect(CONTACT_INPUTS.postalCode).toEqual({ autoComplete: 'postal-code', type: 'text', inputMode: 'numeric' });
    for (const input of Object.values(CONTACT_INPUTS)) expect(input).not.toHaveProperty('maxLength');
    expect(CONTACT_INPUTS.emailAddress.type).toBe('email');
    expect(CONTACT_INPUTS.phoneNumber.type).toBe('tel');
  });
});
