import { CONTACT_MESSAGE_IDS } from './contact';
import { guardianSchema, maskIdentityCode, registrationRequestSchema, MAX_GUARDIANS, REGISTRATION_MESSAGE_IDS } from './registration';
import { pageStateSchema as registrationPageStateSchema } from './states/registration';

const contact = {
  streetAddress: ' Mannerheimintie 10 ',
  zipCode: '00100',
  postOffice: 'Helsinki',
  emailAddress: 'pekka@example.fi',
  phoneNumber: '040 123 4567',
};

const guardian = (overrides: Record<string, unknown> = {}) => ({
  name: 'Leena Nieminen',
  phone: '044 555 0303',
  emailAddress: 'leena@example.fi',
  isGuardianHasSameAddress: true,
  ...overrides,
});

function issues(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('registration payload (spec part 2 §3 user form payload and guardian, §5, §9)', () => {
  test('trims the values and writes the phone number +358 without spaces', () => {
    const parsed = registrationRequestSchema.parse({ ...contact, firstName: ' Pekka ', lastName: 'Laine' });
    expect(parsed).toMatchObject({ firstName: 'Pekka', streetAddress: 'Mannerheimintie 10', phoneNumber: '+358401234567' });
  });

  test("each field is refused with contact.ts's message id at its path", () => {
    const result = registrationRequestSchema.safeParse({ ...contact, zipCode: '0010', emailAddress: 'x@', phoneNumber: '', streetAddress: 'A' });
    expect(issues(result)).toEqual([
      ['streetAddress', CONTACT_MESSAGE_IDS.streetAddressLength],
      ['zipCode', CONTACT_MESSAGE_IDS.postalCode],
      ['emailAddress', CONTACT_MESSAGE_IDS.email],
      ['phoneNumber', CONTACT_MESSAGE_IDS.required],
    ]);
  });

  test('unknown fields are refused (never an identity code from the browser)', () => {
    const result = registrationRequestSchema.safeParse({ ...contact, ssn: '050575Y983A' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ code: 'unrecognized_keys', keys: ['ssn'] })]);
  });

  test(`at most ${MAX_GUARDIANS} guardians`, () => {
    const result = registrationRequestSchema.safeParse({ ...contact, guardians: [guardian(), guardian(), guardian()] });
    expect(issues(result)).toEqual([['guardians', REGISTRATION_MESSAGE_IDS.tooManyGuardians]]);
    expect(registrationRequestSchema.safeParse({ ...contact, guardians: [guardian(), guardian()] }).success).toBe(true);
  });
});

describe('guardian (spec §3, §5: name max 40, phone max 20, e-mail max 100, street max 30, zip 5 digits)', () => {
  test('with the same address as the child the address is not asked and is stored as null', () => {
    expect(guardianSchema.parse(guardian({ streetAddress: 'ignored', zipCode: 'x' }))).toEqual({
      name: 'Leena Nieminen',
      phone: '+358445550303',
      emailAddress: 'leena@example.fi',
      isGuardianHasSameAddress: true,
      streetAddress: null,
      zipCode: null,
      postOffice: null,
    });
  });

  test('otherwise every address field is required, and the zip code has the guardian form’s own message', () => {
    expect(issues(guardianSchema.safeParse(guardian({ isGuardianHasSameAddress: false })))).toEqual([
      ['streetAddress', CONTACT_MESSAGE_IDS.required],
      ['zipCode', CONTACT_MESSAGE_IDS.required],
      ['postOffice', CONTACT_MESSAGE_IDS.required],
    ]);
    expect(
      issues(guardianSchema.safeParse(guardian({ isGuardianHasSameAddress: false, streetAddress: 'x'.repeat(31), zipCode: '12a45', postOffice: 'Espoo' }))),
    ).toEqual([
      ['streetAddress', CONTACT_MESSAGE_IDS.streetAddressLength],
      ['zipCode', REGISTRATION_MESSAGE_IDS.guardianZipCode],
    ]);
  });

  test('name, phone and e-mail limits', () => {
    const result = guardianSchema.safeParse(guardian({ name: 'x'.repeat(41), phone: `040${'1'.repeat(18)}`, emailAddress: `${'a'.repeat(95)}@example.fi` }));
    expect(issues(result)).toEqual([
      ['name', CONTACT_MESSAGE_IDS.guardianNameTooLong],
      ['phone', CONTACT_MESSAGE_IDS.phoneTooLong],
      ['emailAddress', CONTACT_MESSAGE_IDS.emailTooLong],
    ]);
  });
});

describe('page state and masking', () => {
  test('the identity code keeps its date and century sign only', () => {
    expect(maskIdentityCode('150385-9013')).toBe('150385-****');
    expect(maskIdentityCode('010190-AB1')).toBe('010190-***');
    expect(maskIdentityCode('123')).toBe('***');
  });

  test('at most two guardians in the state', () => {
    const state = {
      registered: false,
      subject: { kind: 'ward', maskedIdentityCode: '120519A****', firstName: 'Sanni', lastName: 'Nieminen' },
      contact: { streetAddress: '', zipCode: '', postOffice: '', emailAddress: '', phoneNumber: '' },
      guardians: [],
    };
    const g = { name: '', phone: '', emailAddress: '', isGuardianHasSameAddress: true, streetAddress: '', zipCode: '', postOffice: '' };
    expect(registrationPageStateSchema.safeParse({ ...state, guardians: [g, g] }).success).toBe(true);
    expect(registrationPageStateSchema.safeParse({ ...state, guardians: [g, g, g] }).success).toBe(false);
  });
});
