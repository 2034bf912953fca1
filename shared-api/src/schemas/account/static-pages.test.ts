import { helpPageStateSchema, pikkutsattiPageStateSchema, sicknessFundPageStateSchema } from './static-pages';

const fund = {
  name: 'Sairauskassa',
  phone: '010 555 0130',
  email: 'sairauskassa@example.fi',
  serviceHours: [{ days: 'ma–to', opens: '9.00', closes: '15.00' }],
  reimbursementPercent: 60,
  deductibleEuros: 10,
  claimDeadlineMonths: 6,
  yearlyMaximumEuros: 2000,
  paymentWeeks: 3,
};

describe('static account pages (spec part 2 §2.2 Help, §2.4)', () => {
  test('the children’s chat needs both app links as URLs', () => {
    expect(pikkutsattiPageStateSchema.safeParse({ appLinks: { ios: 'https://apps.example.com/ios', android: 'https://apps.example.com/android' } }).success).toBe(true);
    const bad = pikkutsattiPageStateSchema.safeParse({ appLinks: { ios: 'not a link' } });
    expect(bad.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['appLinks.android', 'appLinks.ios']);
  });

  test('help says which parts show and the phone', () => {
    const help = { brand: 'adult', showGeneralInstructions: true, smsLoginFaq: { codeValidMinutes: 5, maxAttempts: 3 }, customerServicePhone: '010 555 0100' };
    expect(helpPageStateSchema.safeParse(help).success).toBe(true);
    expect(helpPageStateSchema.safeParse({ ...help, smsLoginFaq: null }).success).toBe(true);
    expect(helpPageStateSchema.safeParse({ ...help, smsLoginFaq: { codeValidMinutes: 0, maxAttempts: 3 } }).success).toBe(false);
    expect(helpPageStateSchema.safeParse({ ...help, customerServicePhone: '' }).success).toBe(false);
    expect(helpPageStateSchema.safeParse({ ...help, brand: 'teen' }).success).toBe(false);
  });

  test('the sickness fund: ok with the rules, not-member, temporary-api-error', () => {
    expect(sicknessFundPageStateSchema.safeParse({ status: 'ok', fund }).success).toBe(true);
    expect(sicknessFundPageStateSchema.safeParse({ status: 'not-member' }).success).toBe(true);
    expect(sicknessFundPageStateSchema.safeParse({ status: 'temporary-api-error' }).success).toBe(true);
    const bad = sicknessFundPageStateSchema.safeParse({ status: 'ok', fund: { ...fund, reimbursementPercent: 120, serviceHours: [], email: 'x' } });
    expect(bad.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['fund.email', 'fund.reimbursementPercent', 'fund.serviceHours']);
  });
});
