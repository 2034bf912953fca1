import { and, eq, gt } from 'drizzle-orm';
import type { MfaStatus } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import type { RateLimitRule } from '../../identity/rate-limit';
import { identityRateLimits } from '../../identity/schema';
import { mfaChallenges } from '../../mfa/schema';
import { onboardingRateLimitKey } from '../../mfa/index';
import { people } from '../../patients/schema';

export interface MfaStatusInput {
  personId: string;
  /** the environment has the `mfa` feature */
  mfaFeatureOn: boolean;
  /** the onboarding code-request limit in force (app.mfaOnboardingRequestLimit) */
  onboardingLimit: RateLimitRule;
  now?: Date;
}

/**
 * When the person's onboarding code requests are used up for the current window, the instant the
 * next request is allowed; else null. Read without counting (identity/rate-limit.ts counts).
 */
async function nextOnboardingAttempt(db: Database, personId: string, rule: RateLimitRule, now: Date): Promise<Date | null> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .select({ count: identityRateLimits.count })
    .from(identityRateLimits)
    .where(and(eq(identityRateLimits.key, onboardingRateLimitKey(personId)), eq(identityRateLimits.windowStart, windowStart)));
  if (!row || row.count < rule.max) return null;
  return new Date(windowStart.getTime() + windowMs);
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
  const nextAttempt = await nextOnboardingAttempt(db, input.personId, input.onboardingLimit, now);
  if (nextAttempt) return { type: 'too-many-onboarding-attempts', nextAttempt: nextAttempt.toISOString() };
  const [challenge] = await db
    .select({ personId: mfaChallenges.personId })
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.personId, input.personId), gt(mfaChallenges.expiresAt, now)));
  if (challenge) return { type: 'user-wants-to-enable-mfa' };
  return { type: 'user-has-no-verified-mfa-device' };
}
