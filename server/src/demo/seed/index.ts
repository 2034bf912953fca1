import type { Database } from '../../db/index';
import { withTransaction } from '../../db/transaction';
import { helsinkiToday } from '@portal/shared-i18n';
import { seedAccount } from './account';
import { seedBooking } from './booking';
import { seedClinics } from './clinics';
import { seedMessaging } from './messaging';
import { seedPayments } from './payments';
import { seedPersonas } from './personas';
import { seedRecords } from './records';
import { seedMarker } from './schema';

export const SEED_ID = 'demo-world';
export const SEED_VERSION = '1';

/**
 * Seeds the demo world relative to `today` (Europe/Helsinki) unless it is there already: the
 * people (./personas.ts), then each module's part, one file each, keyed by them. All-or-nothing:
 * the marker row is written in the same transaction as the data, so two instances starting at once
 * seed once. Returns whether it seeded.
 */
export async function seedDemoWorld(db: Database, today: string = helsinkiToday()): Promise<boolean> {
  return withTransaction(db, async (t) => {
    const marked = await t
      .insert(seedMarker)
      .values({ id: SEED_ID, version: SEED_VERSION })
      .onConflictDoNothing()
      .returning({ id: seedMarker.id });
    if (marked.length === 0) return false;
    const world = await seedPersonas(t, today);
    // Rows refer to earlier parts' rows: records and messaging name the catalogue's practitioners,
    // messaging links Mikko's open questionnaire (records), booking adds its appointments' slots to
    // the catalogue. The order also fixes the serial ids the tests and e2e tests know rows by.
    await seedClinics(t, world);
    await seedRecords(t, world);
    await seedMessaging(t, world);
    await seedAccount(t, world);
    await seedBooking(t, world);
    await seedPayments(t, world);
    return true;
  });
}
