import { mfaActionRequestSchema, mfaResponseSchema, mfaStatusSchema, phoneNumberEnding, pinRequestSchema } from './sms-login';
import { pageStateSchema as smsLoginPageStateSchema } from './states/sms-login';

describe('SMS login contracts (spec part 2 §3, §7)', () => {
  test('a PIN is exactly four digits', () => {
    expect(pinRequestSchema.safeParse({ pin: '0123' }).success).toBe(true);
    for (const pin of ['123', '12345', '12a4', ' 1234', '', 1234]) {
      const parsed = pinRequestSchema.safeParse({ pin });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['pin']);
    }
  });

  test('the toggle takes enable or disable only', () => {
    expect(mfaActionRequestSchema.safeParse({ action: 'enable' }).success).toBe(true);
    expect(mfaActionRequestSchema.safeParse({ action: 'disable' }).success).toBe(true);
    expect(mfaActionRequestSchema.safeParse({ action: 'toggle' }).success).toBe(false);
  });

  test('too-many-onboarding-attempts carries the time of the next attempt', () => {
    expect(mfaStatusSchema.safeParse({ type: 'too-many-onboarding-attempts' }).success).toBe(false);
    expect(mfaStatusSchema.safeParse({ type: 'too-many-onboarding-attempts', nextAttempt: '2026-11-24T08:15:00.000Z' }).success).toBe(true);
    expect(mfaStatusSchema.safeParse({ type: 'environment-has-mfa-disabled' }).success).toBe(true);
  });

  test('a failed PIN says how many tries are left', () => {
    expect(mfaResponseSchema.safeParse({ type: 'mfa-challenge-failed', attemptsLeft: 2 }).success).toBe(true);
    expect(mfaResponseSchema.safeParse({ type: 'mfa-challenge-failed', attemptsLeft: 0 }).success).toBe(false);
  });

  test('only the last three digits of a phone number are ever shown', () => {
    expect(phoneNumberEnding('+358 40 555 0101')).toBe('101');
    expect(smsLoginPageStateSchema.safeParse({ status: 'available', phoneNumberEnding: '0101', codeTtlSeconds: 300 }).success).toBe(false);
    expect(smsLoginPageStateSchema.safeParse({ status: 'available', phoneNumberEnding: '101', codeTtlSeconds: 300 }).success).toBe(true);
  });
});
