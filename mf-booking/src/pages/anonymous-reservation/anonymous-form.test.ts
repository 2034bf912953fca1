import { canSubmitAnonymous, EMPTY_ANONYMOUS_VALUES, invalidFields, isFieldValid, normalizePhone, normalizeSsn, showsContactHint, type AnonymousValues } from './anonymous-form';

const valid: AnonymousValues = { ssn: '131052-308T', firstName: 'Maija', lastName: 'Meikäläinen', phone: '+358401234567', email: 'maija@example.fi' };

describe('spec part 2 §5 "Anonymous reservation form" rules', () => {
  test('the identity code: trimmed and upper-cased, a valid Finnish code of at most 11 characters', () => {
    expect(normalizeSsn(' 131052-308t ')).toBe('131052-308T');
    expect(isFieldValid('ssn', ' 131052-308t ')).toBe(true);
    expect(isFieldValid('ssn', ' 021178-912p')).toBe(true);
    expect(isFieldValid('ssn', '131052-308U')).toBe(false);
    expect(isFieldValid('ssn', '131052-308TT')).toBe(false);
    expect(isFieldValid('ssn', '')).toBe(false);
  });

  test('names: anything but blank, at most 100 characters once trimmed', () => {
    expect(isFieldValid('firstName', '  ')).toBe(false);
    expect(isFieldValid('lastName', ' Ek ')).toBe(true);
    expect(isFieldValid('lastName', ` ${'a'.repeat(100)} `)).toBe(true);
    expect(isFieldValid('lastName', 'a'.repeat(101))).toBe(false);
  });

  test('phone: the one phone rule of My information, spaces and blanks around allowed (issue 28), a valid Finnish number', () => {
    expect(isFieldValid('phone', '+358401234567')).toBe(true);
    expect(isFieldValid('phone', '0401234567')).toBe(true);
    expect(isFieldValid('phone', '040 123 4567')).toBe(true);
    expect(isFieldValid('phone', ' +358 40 123 4567 ')).toBe(true);
    expect(normalizePhone(' 040 123 4567 ')).toBe('+358401234567');
    expect(isFieldValid('phone', '040-1234567')).toBe(false);
    expect(isFieldValid('phone', '+46701234567')).toBe(false);
    expect(isFieldValid('phone', '0600123456')).toBe(false);
  });

  test('email: one valid address', () => {
    expect(isFieldValid('email', 'maija@example.fi')).toBe(true);
    expect(isFieldValid('email', 'maija@')).toBe(false);
    expect(isFieldValid('email', 'a@example.fi, b@example.fi')).toBe(false);
  });

  test('every field is required', () => {
    expect(invalidFields(EMPTY_ANONYMOUS_VALUES)).toEqual(['ssn', 'firstName', 'lastName', 'phone', 'email']);
    expect(invalidFields(valid)).toEqual([]);
  });

  test('the contact hint: one of phone and email filled, the other touched but empty', () => {
    const phoneOnly = { ...EMPTY_ANONYMOUS_VALUES, phone: '+358401234567' };
    expect(showsContactHint(phoneOnly, new Set())).toBe(false);
    expect(showsContactHint(phoneOnly, new Set(['email']))).toBe(true);
    expect(showsContactHint({ ...EMPTY_ANONYMOUS_VALUES, email: 'maija@example.fi' }, new Set(['phone']))).toBe(true);
    expect(showsContactHint(EMPTY_ANONYMOUS_VALUES, new Set(['phone', 'email']))).toBe(false);
    expect(showsContactHint(valid, new Set(['phone', 'email']))).toBe(false);
  });

  test('submit: valid fields, the terms, the binding box when required, and not while reserving', () => {
    const ready = { values: valid, termsAccepted: true, bindingRequired: false, bindingChecked: false, reserving: false };
    expect(canSubmitAnonymous(ready)).toBe(true);
    expect(canSubmitAnonymous({ ...ready, termsAccepted: false })).toBe(false);
    expect(canSubmitAnonymous({ ...ready, bindingRequired: true })).toBe(false);
    expect(canSubmitAnonymous({ ...ready, bindingRequired: true, bindingChecked: true })).toBe(true);
    expect(canSubmitAnonymous({ ...ready, reserving: true })).toBe(false);
    expect(canSubmitAnonymous({ ...ready, values: { ...valid, lastName: '' } })).toBe(false);
  });
});
