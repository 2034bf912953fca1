import {
  ageOn,
  createIdentityCodeSchema,
  identityCodeCheckCharacter,
  identityCodeSchema,
  parseIdentityCode,
} from './identity-code';

// Check characters computed by hand: DDMMYYNNN mod 31 into 0123456789ABCDEFHJKLMNPRSTUVWXY.
const validByCenturySign: Array<[code: string, birthDate: string, gender: 'female' | 'male']> = [
  ['010180+1232', '1880-01-01', 'male'],
  ['311299-456X', '1999-12-31', 'female'],
  ['150352Y031H', '1952-03-15', 'male'],
  ['290296X1586', '1996-02-29', 'female'],
  ['010101W222V', '1901-01-01', 'female'],
  ['151260V777W', '1960-12-15', 'male'],
  ['300470U398F', '1970-04-30', 'female'],
  ['010100A123D', '2000-01-01', 'male'],
  ['290204B5569', '2004-02-29', 'female'],
  ['311221C007A', '2021-12-31', 'male'],
  ['150630D888W', '2030-06-15', 'female'],
  ['010140E341S', '2040-01-01', 'male'],
  ['291299F090U', '2099-12-29', 'female'],
];

describe('parseIdentityCode', () => {
  test.each(validByCenturySign)('%s is valid, born %s, %s', (code, birthDate, gender) => {
    expect(parseIdentityCode(code)).toEqual({ valid: true, birthDate, gender, isDevelopmentCode: false });
    expect(parseIdentityCode(code, { allowDevelopmentCodes: false })).toEqual({
      valid: true,
      birthDate,
      gender,
      isDevelopmentCode: false,
    });
  });

  test.each(validByCenturySign)('%s with a wrong check character is rejected', (code) => {
    const wrong = code.slice(0, 10) + (code.endsWith('0') ? '1' : '0');
    expect(parseIdentityCode(wrong)).toEqual({ valid: false, reason: 'checksum' });
  });

  test('the check character follows the modulo 31 table', () => {
    expect(identityCodeCheckCharacter('131052', '308')).toBe('T');
    expect(identityCodeCheckCharacter('010100', '123')).toBe('D');
  });

  test.each([
    ['290200-234V', '29 February 1900 (not a leap year)'],
    ['290201A2347', '29 February 2001'],
    ['310499-1231', '31 April'],
    ['001290-1231', 'day 00'],
    ['011390-1231', 'month 13'],
    ['320190-1231', 'day 32'],
  ])('%s is an impossible date (%s)', (code) => {
    expect(parseIdentityCode(code)).toEqual({ valid: false, reason: 'date' });
  });

  test('29 February 2000 is real (2000 is a leap year)', () => {
    expect(parseIdentityCode('290200A234V')).toMatchObject({ valid: true, birthDate: '2000-02-29' });
  });

  test.each([
    '',
    '150385',
    '150385-901',
    '150385-90133',
    '150385Z9013',
    '150385G9013',
    '15O385-9013',
    '150385 9013',
    '150385-9013 ',
    '150385-901I',
    '010100A000Y',
    '010100A0011',
  ])('%j has the wrong format', (code) => {
    expect(parseIdentityCode(code)).toEqual({ valid: false, reason: 'format' });
  });

  describe('development-style codes', () => {
    const personas = ['150385-9013', '021178-912P', '240690-935P', '121264-9685', '050575Y983A', '070916A946D'];

    test.each(personas)('persona %s is a valid development code', (code) => {
      expect(parseIdentityCode(code)).toMatchObject({ valid: true, isDevelopmentCode: true });
    });

    test.each(personas)('persona %s is refused when development codes are not allowed', (code) => {
      expect(parseIdentityCode(code, { allowDevelopmentCodes: false })).toEqual({
        valid: false,
        reason: 'development-not-allowed',
      });
    });

    test('persona details come from the code', () => {
      expect(parseIdentityCode('150385-9013')).toEqual({ valid: true, birthDate: '1985-03-15', gender: 'male', isDevelopmentCode: true });
      expect(parseIdentityCode('021178-912P')).toEqual({ valid: true, birthDate: '1978-11-02', gender: 'female', isDevelopmentCode: true });
      expect(parseIdentityCode('121264-9685')).toEqual({ valid: true, birthDate: '1964-12-12', gender: 'female', isDevelopmentCode: true });
      expect(parseIdentityCode('050575Y983A')).toEqual({ valid: true, birthDate: '1975-05-05', gender: 'male', isDevelopmentCode: true });
      expect(parseIdentityCode('070916A946D')).toEqual({ valid: true, birthDate: '2016-09-07', gender: 'female', isDevelopmentCode: true });
    });

    test('a 9xx code still needs the right check character', () => {
      expect(parseIdentityCode('150385-9014')).toEqual({ valid: false, reason: 'checksum' });
    });

    test('two letters and a digit at the end: accepted only while development codes are allowed', () => {
      expect(parseIdentityCode('010190-AB1')).toEqual({ valid: true, birthDate: '1990-01-01', gender: 'male', isDevelopmentCode: true });
      expect(parseIdentityCode('010105AXY2')).toEqual({
        valid: true,
        birthDate: '2005-01-01',
        gender: 'female',
        isDevelopmentCode: true,
      });
      expect(parseIdentityCode('010190-AB1', { allowDevelopmentCodes: false })).toEqual({
        valid: false,
        reason: 'development-not-allowed',
      });
      expect(parseIdentityCode('310290-AB1')).toEqual({ valid: false, reason: 'date' });
      expect(parseIdentityCode('010190-A11')).toEqual({ valid: false, reason: 'format' });
      expect(parseIdentityCode('010190-ab1')).toEqual({ valid: false, reason: 'format' });
    });
  });
});

describe('ageOn', () => {
  test('counts whole years', () => {
    expect(ageOn('2016-09-07', '2028-09-06')).toBe(11);
    expect(ageOn('2016-09-07', '2028-09-07')).toBe(12);
    expect(ageOn('1985-03-15', '2026-01-01')).toBe(40);
    expect(ageOn('2026-01-01', '2026-01-01')).toBe(0);
  });

  test('a 29 February birthday comes on 28 February in common years', () => {
    expect(ageOn('2004-02-29', '2022-02-27')).toBe(17);
    expect(ageOn('2004-02-29', '2022-02-28')).toBe(18);
    expect(ageOn('2004-02-29', '2024-02-28')).toBe(19);
    expect(ageOn('2004-02-29', '2024-02-29')).toBe(20);
  });
});

describe('identityCodeSchema', () => {
  test('trims and upper-cases before validating', () => {
    expect(identityCodeSchema.parse('  021178-912p ')).toBe('021178-912P');
  });

  test('answers the spec message for an invalid code', () => {
    const result = identityCodeSchema.safeParse('150385-9014');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please check your identity number');
  });

  test('refuses more than 11 characters with the same message', () => {
    const result = identityCodeSchema.safeParse('150385-90133');
    expect(result.error?.issues.map((i) => i.message)).toContain('Please check your identity number');
  });

  test('a production schema refuses development codes', () => {
    const production = createIdentityCodeSchema({ allowDevelopmentCodes: false });
    expect(production.safeParse('150385-9013').success).toBe(false);
    expect(production.safeParse('311299-456X').success).toBe(true);
  });
});
