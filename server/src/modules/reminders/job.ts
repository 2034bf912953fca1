import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { ReminderSetting } from '@portal/shared-api';
import type { Database } from '../../db/index';
import type { ReminderAppointment } from '../booking/index';
import { settingsOf } from './preferences';
import { appointmentReminders } from './schema';

/**
 * The reminder job (issue 33), run by every instance (index.ts schedules it) at the time its clock
 * says. One round:
 *
 * 1. **Plan.** Booking's reserved appointments starting within the next 24 hours; for each, the kinds
 *    the patient wants (their setting) that are due at `now` and still fresh get a row, inserted with
 *    ON CONFLICT DO NOTHING on the unique (appointment, kind): however many instances plan it, and
 *    however often, there is one row.
 * 2. **Claim.** The due pending rows, by one UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)
 *    RETURNING, which also sets a lease (claimed_until): instances never claim the same row, on
 *    PostgreSQL because of the row locks, on PGlite (one connection) because the statement is one.
 * 3. **Send.** Each claimed row's appointment is read again (it may have been cancelled, checked in
 *    or moved since it was planned, possibly by another instance long ago); only a reserved,
 *    future, still fresh one whose patient still wants the kind is sent, and the row is marked sent
 *    (or skipped, with the reason). A failing gateway leaves the row pending, to be tried again
 *    after a growing wait while it stays fresh.
 *
 * A crash between the gateway's acceptance and the sent mark is the one case that sends twice: the
 * lease runs out and another instance sends again (only while the reminder is fresh). We prefer that
 * to losing a reminder; the window is one statement long.
 *
 * Stale reminders: after downtime, a reminder is sent late only while it is still useful (FRESH);
 * a 24 h reminder whose appointment is under 6 hours away is not sent (the 2 h one comes instead if
 * the patient wants it), nor a 2 h one under an hour away. A reminder whose moment came before the
 * reservation was made is not planned either: its confirmation SMS is newer.
 */

export type ReminderKind = '24h' | '2h';

export const REMINDER_LEAD_MS: Record<ReminderKind, number> = { '24h': 24 * 3_600_000, '2h': 2 * 3_600_000 };
/** A reminder is not sent when its appointment is closer than this (stale after downtime). */
export const REMINDER_FRESH_MS: Record<ReminderKind, number> = { '24h': 6 * 3_600_000, '2h': 3_600_000 };
/** How long one instance holds a claimed reminder before another may take it over. */
export const CLAIM_LEASE_MS = 2 * 60_000;
/** Attempts before a reminder the gateway keeps refusing is given up. */
export const MAX_ATTEMPTS = 5;
const BATCH = 50;

const KINDS_OF: Record<ReminderSetting, readonly ReminderKind[]> = { off: [], '24h': ['24h'], '24h+2h': ['24h', '2h'] };

export interface ReminderRound {
  planned: number;
  sent: number;
  skipped: number;
  failed: number;
}

/** What the job needs of the app: booking's reads, the link, the text and the gateway. */
export interface ReminderPorts {
  db: Database;
  /** the mfa module's gateway (`app.smsGateway`: the outbox test double in the demo) */
  gateway: FastifyInstance['smsGateway'];
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  upcoming(from: Date, to: Date): Promise<ReminderAppointment[]>;
  appointments(ids: readonly number[]): Promise<ReminderAppointment[]>;
  text(appointment: ReminderAppointment, kind: ReminderKind): string;
}

const dueAtOf = (appointment: Pick<ReminderAppointment, 'startsAt'>, kind: ReminderKind) => new Date(appointment.startsAt.getTime() - REMINDER_LEAD_MS[kind]);

/** Whether `kind`'s reminder of the appointment is still worth sending at `now`. */
export function isFresh(appointment: Pick<ReminderAppointment, 'startsAt'>, kind: ReminderKind, now: Date): boolean {
  return appointment.startsAt.getTime() - now.getTime() > REMINDER_FRESH_MS[kind];
}

/** Step 1: the rows of the reminders due now (idempotent across instances). Answers how many were new. */
export async function planReminders(ports: ReminderPorts, now: Date): Promise<number> {
  const upcoming = await ports.upcoming(now, new Date(now.getTime() + REMINDER_LEAD_MS['24h']));
  if (upcoming.length === 0) return 0;
  const settings = await settingsOf(ports.db, [...new Set(upcoming.map((a) => a.personId))]);
  const wanted = upcoming.flatMap((appointment) =>
    KINDS_OF[settings.get(appointment.personId)!]
      .filter((kind) => {
        const dueAt = dueAtOf(appointment, kind);
        return dueAt.getTime() <= now.getTime() && appointment.reservedAt.getTime() <= dueAt.getTime() && isFresh(appointment, kind, now);
      })
      .map((kind) => ({ appointmentId: appointment.id, kind, personId: appointment.personId, dueAt: dueAtOf(appointment, kind) })),
  );
  if (wanted.length === 0) return 0;
  // Those planned already are left out before the INSERT: a conflicting row would still take a value
  // of the id sequence, on every instance's every look while the reminder is due.
  const planned = await ports.db
    .select({ appointmentId: appointmentReminders.appointmentId, kind: appointmentReminders.kind })
    .from(appointmentReminders)
    .where(inArray(appointmentReminders.appointmentId, [...new Set(wanted.map((row) => row.appointmentId))]));
  const known = new Set(planned.map((row) => `${row.appointmentId}:${row.kind}`));
  const missing = wanted.filter((row) => !known.has(`${row.appointmentId}:${row.kind}`));
  if (missing.length === 0) return 0;
  const inserted = await ports.db
    .insert(appointmentReminders)
    .values(missing)
    // two instances planning at once: the unique (appointment, kind) keeps one row
    .onConflictDoNothing({ target: [appointmentReminders.appointmentId, appointmentReminders.kind] })
    .returning({ id: appointmentReminders.id });
  return inserted.length;
}

/** Step 2: claims up to `limit` due reminders for this instance alone, with a lease. */
export async function claimDueReminders(db: Database, now: Date, limit = BATCH) {
  const due = db
    .select({ id: appointmentReminders.id })
    .from(appointmentReminders)
    .where(
      and(
        eq(appointmentReminders.status, 'pending'),
        lte(appointmentReminders.dueAt, now),
        lt(appointmentReminders.attempts, MAX_ATTEMPTS),
        or(isNull(appointmentReminders.claimedUntil), lte(appointmentReminders.claimedUntil, now)),
      ),
    )
    .orderBy(asc(appointmentReminders.dueAt), asc(appointmentReminders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(appointmentReminders)
    .set({ attempts: sql`${appointmentReminders.attempts} + 1`, claimedUntil: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(and(inArray(appointmentReminders.id, due), eq(appointmentReminders.status, 'pending')))
    .returning({
      id: appointmentReminders.id,
      appointmentId: appointmentReminders.appointmentId,
      kind: appointmentReminders.kind,
      personId: appointmentReminders.personId,
      attempts: appointmentReminders.attempts,
    });
}

type SkipReason = 'not-reserved' | 'past' | 'stale' | 'turned-off' | 'no-phone' | 'gateway-failed';

async function finish(db: Database, id: number, now: Date, outcome: { sent: true } | { skipped: SkipReason }): Promise<void> {
  await db
    .update(appointmentReminders)
    .set('sent' in outcome ? { status: 'sent', sentAt: now, claimedUntil: null } : { status: 'skipped', skipReason: outcome.skipped, claimedUntil: null })
    .where(and(eq(appointmentReminders.id, id), eq(appointmentReminders.status, 'pending')));
}

/** Why a claimed reminder is not sent at `now`, or null to send it. */
function skipReasonOf(appointment: ReminderAppointment | undefined, kind: ReminderKind, setting: ReminderSetting, now: Date): SkipReason | null {
  if (!appointment || appointment.status !== 'reserved') return 'not-reserved';
  if (appointment.startsAt.getTime() <= now.getTime()) return 'past';
  if (!isFresh(appointment, kind, now)) return 'stale';
  if (!KINDS_OF[setting].includes(kind)) return 'turned-off';
  if (!appointment.phone) return 'no-phone';
  return null;
}

/** Steps 2 and 3 for one batch. */
async function sendClaimed(ports: ReminderPorts, now: Date, round: ReminderRound): Promise<number> {
  const claimed = await claimDueReminders(ports.db, now);
  if (claimed.length === 0) return 0;
  const appointments = new Map((await ports.appointments(claimed.map((row) => row.appointmentId))).map((a) => [a.id, a]));
  const settings = await settingsOf(ports.db, [...new Set(claimed.map((row) => row.personId))]);
  for (const row of claimed) {
    const appointment = appointments.get(row.appointmentId);
    const skip = skipReasonOf(appointment, row.kind, settings.get(row.personId)!, now);
    if (skip || !appointment?.phone) {
      await finish(ports.db, row.id, now, { skipped: skip ?? 'no-phone' });
      round.skipped += 1;
      continue;
    }
    try {
      await ports.gateway.send({ phoneNumber: appointment.phone.replace(/\s+/g, ''), text: ports.text(appointment, row.kind) });
    } catch (error) {
      round.failed += 1;
      // Only the error's name: a gateway's message may quote the number.
      ports.log.error({ reminderId: row.id, errorName: error instanceof Error ? error.name : typeof error }, 'appointment reminder SMS failed');
      if (row.attempts >= MAX_ATTEMPTS) await finish(ports.db, row.id, now, { skipped: 'gateway-failed' });
      else {
        // tried again after 1, 2, 4, … minutes (the lease set at the claim is replaced by the wait)
        const waitMs = Math.min(60_000 * 2 ** (row.attempts - 1), 30 * 60_000);
        await ports.db.update(appointmentReminders).set({ claimedUntil: new Date(now.getTime() + waitMs) }).where(eq(appointmentReminders.id, row.id));
      }
      continue;
    }
    await finish(ports.db, row.id, now, { sent: true });
    round.sent += 1;
    ports.log.info({ reminderId: row.id, appointmentId: row.appointmentId, kind: row.kind }, 'appointment reminder sent');
  }
  return claimed.length;
}

/** Rounds of one run: plans, then sends batch by batch until nothing more is due (at most `maxBatches`). */
export async function runReminders(ports: ReminderPorts, now: Date, maxBatches = 20): Promise<ReminderRound> {
  const round: ReminderRound = { planned: await planReminders(ports, now), sent: 0, skipped: 0, failed: 0 };
  for (let batch = 0; batch < maxBatches; batch++) {
    if ((await sendClaimed(ports, now, round)) < BATCH) break;
  }
  return round;
}
