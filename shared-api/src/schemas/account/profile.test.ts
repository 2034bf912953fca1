import { CONTACT_MESSAGE_IDS as M } from './contact';
import { consentRequestSchema, userFormRequestSchema } from './profile';

describe('POST /api/user body', () => {
  const valid = {
    emailAddress: ' mikko@example.fi',
    phoneNumber: '040 123 4567',
    streetAddress: 'Mannerheimintie 1 ',
    zipCode: '00100',
    postOffice: 'Helsinki',
    language: 'sv',
    lang: 'fi',
    next: '/fi/omat-tiedot',
  };
  test('accepts the user form, trimmed and the phone normalised', () => {
    expect(userFormRequestSchema.parse(valid)).toMatchObject({
      emailAddress: 'mikko@example.fi',
      phoneNumber: '+358401234567',
      streetAddress: 'Mannerheimintie 1',
      language: 'sv',
    });
  });
  test('refuses each rule at its path; next must stay on this site', () => {
    const result = userFormRequestSchema.safeParse({ ...valid, zipCode: '1', language: 'de', next: 'https://evil.example/' });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['zipCode', 'language', 'next']));
    expect(result.error?.issues.find((issue) => issue.path[0] === 'zipCode')?.message).toBe(M.postalCode);
  });
});

describe('POST /api/user/consent body', () => {
  test('five booleans; the occupational one may be left out (children’s brand)', () => {
    const four = { allowsCommonRegistry: true, allowsMarketingMail: false, allowsTreatmentInstructionsMail: true, allowsBookingSms: false };
    expect(consentRequestSchema.safeParse(four).success).toBe(true);
    expect(consentRequestSchema.safeParse({ ...four, allowsViewingOccupationalInformation: true }).success).toBe(true);
    expect(consentRequestSchema.safeParse({ ...four, allowsBookingSms: 'yes' }).success).toBe(false);
    expect(consentRequestSchema.safeParse({ ...four, other: true }).success).toBe(false);
  });
});
