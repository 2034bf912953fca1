import type { MfaStatus } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import type { Limiter, RateLimitRule } from '../../../counters/limiter';
import { hasOpenChallenge, onboardingRateLimitKey } from '../../mfa/index';
import { personById } from '../../patients/index';

export interface MfaStatusInput {
  personId: string;
  /** the environment has the `mfa` feature */
  mfaFeatureOn: boolean;
  /** the onboarding code-request limit in force (app.mfaOnboardingRequestLimit) */
  onboardingLimit: RateLimitRule;
  /** where that limit counts (app.attemptLimiter) */
  attempts: Limiter;
  now?: Date;
}

/** When the person's onboarding code requests are used up, the instant the next one is allowed; else null. */
function nextOnboardingAttempt(attempts: Limiter, personId: string, rule: RateLimitRule, now: Date): Promise<Date | null> {
  return attempts.nextAllowed(onboardingRateLimitKey(personId), rule, now);
}

/**
 * The MFA status of spec §3, in this order: the environment has it off; SMS login is on (with a
 * verified phone); the code requests are used up (with the next attempt's time); a code was sent and
 * is waiting for its answer (the person wants to enable it); else no verified device.
 */
export async function mfaStatusOf(db: Database, input: MfaStatusInput): Promise<MfaStatus> {
  if (!input.mfaFeatureOn) return { type: 'environment-has-mfa-disabled' };
  const now = input.now ?? new Date();
  const person = await personById(db, input.personId);
  if (person?.mfaEnabled && person.phoneNumber) return { type: 'enabled' };
  const nextAttempt = await nextOnboardingAttempt(input.attempts, input.personId, input.onboardingLimit, now);
  if (nextAttempt) return { type: 'too-many-onboarding-attempts', nextAttempt: nextAttempt.toISOString() };
  if (await hasOpenChallenge(db, input.personId, now)) return { type: 'user-wants-to-enable-mfa' };
  return { type: 'user-has-no-verified-mfa-device' };
}
