import { pageStateSchema as helpPageStateSchema } from './states/help';
import { pageStateSchema as pikkutsattiPageStateSchema } from './states/pikkutsatti';
import { pageStateSchema as sicknessFundPageStateSchema } from './states/sickness-fund';

// spec part 2 §9 "Sickness fund static rules (Finnish text, effective 1.1.2024)"
const fund = {
  effectiveFrom: '2024-01-01',
  rules: {
    nurseVisit: { feeEuros: 5 },
    generalPractitioner: { feeEuros: 15, maxVisitsPerYear: 12 },
    specialist: { percent: 50, maxEurosPerVisit: 200, maxVisitsPerYear: 2 },
    procedures: { percent: 50, maxEuros: 300 },
    psychotherapy: { maxSessions: 10, percent: 0 },
    physiotherapy: { percent: 50, maxEurosPerYear: 500 },
  },
  hours: {
    nursePhone: { weekdays: { opens: 7, closes: 21 }, weekendsAndHolidays: { opens: 9, closes: 18 } },
    chat: { weekdays: { opens: 8, closes: 20 }, weekends: { opens: 10, closes: 16 } },
    messageReplyWorkingDays: 1,
  },
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
    const bad = sicknessFundPageStateSchema.safeParse({
      status: 'ok',
      fund: {
        ...fund,
        effectiveFrom: '1.1.2024',
        rules: { ...fund.rules, specialist: { ...fund.rules.specialist, percent: 120 } },
        hours: { ...fund.hours, chat: { ...fund.hours.chat, weekends: { opens: 16, closes: 10 } } },
      },
    });
    expect(bad.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'fund.effectiveFrom',
      'fund.hours.chat.weekends',
      'fund.rules.specialist.percent',
    ]);
  });
});
