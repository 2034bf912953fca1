import {
  CONTACT_MESSAGE_IDS as M,
  contactFieldErrors,
  contactUpdateRequestSchema,
  emailAddressSchema,
  fieldErrorOf,
  guardianNameSchema,
  guardianPhoneNumberSchema,
  isValidFinnishPhoneNumber,
  normalizePhoneOnBlur,
  personNameSchema,
  postalCodeSchema,
  postOfficeSchema,
  profilePhoneNumberSchema,
  streetAddressSchema,
  trimValues,
} from './contact';

describe('street address (2 to 30, required, trimmed)', () => {
  test.each([
    ['', M.required],
    ['   ', M.required],
    ['A', M.streetAddressLength],
    [' A ', M.streetAddressLength],
    ['x'.repeat(31), M.streetAddressLength],
  ])('%j is refused with %s', (value, message) => {
    expect(fieldErrorOf(streetAddressSchema, value)).toBe(message);
  });
  test('2 and 30 characters pass, trimmed', () => {
    expect(streetAddressSchema.parse('  Ab ')).toBe('Ab');
    expect(streetAddressSchema.parse('x'.repeat(30))).toBe('x'.repeat(30));
    expect(streetAddressSchema.parse(` ${'x'.repeat(30)} `)).toBe('x'.repeat(30));
  });
  test('a NUL character is refused', () => {
    expect(streetAddressSchema.safeParse('Kat\u0000u 1').success).toBe(false);
  });
});

describe('postal code (exactly 5 digits, trimmed)', () => {
  test.each([
    ['', M.required],
    ['0010', M.postalCode],
    ['001000', M.postalCode],
    ['0010A', M.postalCode],
    ['00 100', M.postalCode],
    ['-0100', M.postalCode],
  ])('%j is refused with %s', (value, message) => {
    expect(fieldErrorOf(postalCodeSchema, value)).toBe(message);
  });
  test('5 digits pass, surrounding spaces trimmed', () => {
    expect(postalCodeSchema.parse(' 00100 ')).toBe('00100');
  });
});

describe('post office (2 to 30, required)', () => {
  test.each([
    ['', M.required],
    ['H', M.postOfficeLength],
    ['x'.repeat(31), M.postOfficeLength],
  ])('%j is refused with %s', (value, message) => {
    expect(fieldErrorOf(postOfficeSchema, value)).toBe(message);
  });
  test('accepts 2 to 30 characters', () => {
    expect(postOfficeSchema.parse(' Helsinki ')).toBe('Helsinki');
    expect(postOfficeSchema.parse('Ii')).toBe('Ii');
  });
});

describe('profile e-mail', () => {
  test.each([
    ['', M.required],
    ['mikko', M.email],
    ['mikko@', M.email],
    ['mikko virtanen@example.fi', M.email],
    ['mikko@example.fi, aino@example.fi', M.email],
    ['mikko@example.fi;aino@example.fi', M.email],
    ['a@b@example.fi', M.email],
    [`${'x'.repeat(50)}@${'y'.repeat(40)}.example.fi`, M.emailTooLong],
  ])('%j is refused with %s', (value, message) => {
    expect(fieldErrorOf(emailAddressSchema, value)).toBe(message);
  });
  test('one valid address of at most 100 characters passes, trimmed', () => {
    expect(emailAddressSchema.parse('  mikko.virtanen@example.fi ')).toBe('mikko.virtanen@example.fi');
    const hundred = `${'x'.repeat(50)}@${'y'.repeat(38)}.example.fi`;
    expect(hundred).toHaveLength(100);
    expect(emailAddressSchema.parse(hundred)).toBe(hundred);
  });
});

describe('normalizePhoneOnBlur', () => {
  test('a leading 0 becomes +358 and spaces are removed', () => {
    expect(normalizePhoneOnBlur('040 123 4567')).toBe('+358401234567');
    expect(normalizePhoneOnBlur(' 0401234567 ')).toBe('+358401234567');
  });
  test('+358 numbers lose their spaces only', () => {
    expect(normalizePhoneOnBlur('+358 40 123 4567')).toBe('+358401234567');
  });
  test('anything else is left for validation', () => {
    expect(normalizePhoneOnBlur('abc')).toBe('abc');
    expect(normalizePhoneOnBlur('')).toBe('');
  });
});

describe('Finnish phone number', () => {
  test.each(['0401234567', '+358401234567', '040 123 4567', '+358 9 1234567', '0501234567', '010 123 4567', '091234'])(
    '%s is valid',
    (value) => {
      expect(isValidFinnishPhoneNumber(value)).toBe(true);
    },
  );
  test.each([
    ['foreign numbers', '+46701234567'],
    ['no 0 or +358 prefix', '401234567'],
    ['letters', '040123456a'],
    ['dashes', '040-1234567'],
    ['fewer than 5 digits', '0912'],
    ['an unassigned range', '0123456789'],
    ['an unassigned range with +358', '+358123456789'],
    ['a premium-rate number (0600)', '0600123456'],
    ['a premium-rate number (0700)', '0700123456'],
    ['too long for any Finnish number', '04012345678901'],
  ])('%s are refused: %s', (_, value) => {
    expect(isValidFinnishPhoneNumber(value)).toBe(false);
  });

  test('the profile field refuses more than 15 characters (spaces not counted) and normalises what it accepts', () => {
    expect(fieldErrorOf(profilePhoneNumberSchema, '')).toBe(M.required);
    expect(fieldErrorOf(profilePhoneNumberSchema, '+3584012345678901')).toBe(M.phoneTooLong);
    expect(fieldErrorOf(profilePhoneNumberSchema, '12345')).toBe(M.phone);
    expect(profilePhoneNumberSchema.parse('+358 40 123 4567')).toBe('+358401234567');
    expect(profilePhoneNumberSchema.parse(' 040 123 4567 ')).toBe('+358401234567');
  });

  test('the guardian field allows up to 20 characters', () => {
    expect(fieldErrorOf(guardianPhoneNumberSchema, '+358401234567890123456')).toBe(M.phoneTooLong);
    // 17 characters: too long for the profile, judged by the number rules in the guardian form
    expect(fieldErrorOf(guardianPhoneNumberSchema, '+3584012345678901')).toBe(M.phone);
    expect(fieldErrorOf(profilePhoneNumberSchema, '+3584012345678901')).toBe(M.phoneTooLong);
    expect(guardianPhoneNumberSchema.parse('040 123 4567')).toBe('+358401234567');
  });
});

describe('names', () => {
  test('a person name is 2 to 50 characters', () => {
    expect(fieldErrorOf(personNameSchema, 'M')).toBe(M.nameLength);
    expect(fieldErrorOf(personNameSchema, 'x'.repeat(51))).toBe(M.nameLength);
    expect(fieldErrorOf(personNameSchema, '')).toBe(M.required);
    expect(personNameSchema.parse(' Mikko ')).toBe('Mikko');
  });
  test('a guardian name is required, at most 40 characters', () => {
    expect(fieldErrorOf(guardianNameSchema, ' ')).toBe(M.required);
    expect(fieldErrorOf(guardianNameSchema, 'x'.repeat(41))).toBe(M.guardianNameTooLong);
    expect(fieldErrorOf(guardianNameSchema, 'x'.repeat(40))).toBeNull();
  });
});

describe('the contact update payload', () => {
  const valid = {
    streetAddress: ' Mannerheimintie 1 ',
    postalCode: '00100 ',
    postOffice: ' Helsinki',
    emailAddress: ' mikko@example.fi ',
    phoneNumber: '040 123 4567',
  };
  test('is trimmed and the phone normalised', () => {
    expect(contactUpdateRequestSchema.parse(valid)).toEqual({
      streetAddress: 'Mannerheimintie 1',
      postalCode: '00100',
      postOffice: 'Helsinki',
      emailAddress: 'mikko@example.fi',
      phoneNumber: '+358401234567',
    });
  });
  test('names every failing field by its path, one message each', () => {
    const result = contactUpdateRequestSchema.safeParse({ ...valid, postalCode: '123', emailAddress: 'x', extra: 1 });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual(expect.arrayContaining([['postalCode', M.postalCode], ['emailAddress', M.email]]));
    expect(issues?.filter(([path]) => path === 'postalCode')).toHaveLength(1);
  });
  test('contactFieldErrors gives each field its message id or null', () => {
    expect(contactFieldErrors({ ...valid, postOffice: 'H', phoneNumber: '' })).toEqual({
      streetAddress: null,
      postalCode: null,
      postOffice: M.postOfficeLength,
      emailAddress: null,
      phoneNumber: M.required,
    });
  });
  test('trimValues trims strings and leaves other values', () => {
    expect(trimValues({ a: ' x ', b: 1, c: true })).toEqual({ a: 'x', b: 1, c: true });
  });
});
