import { and, eq, gt } from 'drizzle-orm';
import type { MfaStatus } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { nextAllowedAttempt, type AttemptCounter, type RateLimitRule } from '../../identity/rate-limit';
import { mfaChallenges } from '../../mfa/schema';
import { onboardingRateLimitKey } from '../../mfa/index';
import { people } from '../../patients/schema';

export interface MfaStatusInput {
  personId: string;
  /** the environment has the `mfa` feature */
  mfaFeatureOn: boolean;
  /** the onboarding code-request limit in force (app.mfaOnboardingRequestLimit) */
  onboardingLimit: RateLimitRule;
  /** where that limit counts (app.attemptCounter) */
  attempts: AttemptCounter;
  now?: Date;
}

/** When the person's onboarding code requests are used up, the instant the next one is allowed; else null. */
function nextOnboardingAttempt(attempts: AttemptCounter, personId: string, rule: RateLimitRule, now: Date): Promise<Date | null> {
  return nextAllowedAttempt(attempts, onboardingRateLimitKey(personId), rule, now);
}

/**
 * The MFA status of spec §3, in this order: the environment has it off; SMS login is on (with a
 * verified phone); the code requests are used up (with the next attempt's time); a code was sent and
 * is waiting for its answer (the person wants to enable it); else no verified device.
 */
export async function mfaStatusOf(db: Database, input: MfaStatusInput): Promise<MfaStatus> {
  if (!input.mfaFeatureOn) return { type: 'environment-has-mfa-disabled' };
  const now = input.now ?? new Date();
  const [person] = await db
    .select({ mfaEnabled: people.mfaEnabled, phoneNumber: people.phoneNumber })
    .from(people)
    .where(eq(people.id, input.personId));
  if (person?.mfaEnabled && person.phoneNumber) return { type: 'enabled' };
  const nextAttempt = await nextOnboardingAttempt(input.attempts, input.personId, input.onboardingLimit, now);
  if (nextAttempt) return { type: 'too-many-onboarding-attempts', nextAttempt: nextAttempt.toISOString() };
  const [challenge] = await db
    .select({ personId: mfaChallenges.personId })
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.personId, input.personId), gt(mfaChallenges.expiresAt, now)));
  if (challenge) return { type: 'user-wants-to-enable-mfa' };
  return { type: 'user-has-no-verified-mfa-device' };
}
