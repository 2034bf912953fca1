import type { Database } from '../db/index';
import { seedMessaging } from '../modules/messaging/seed';
import { helsinkiDate } from '../util/time';
import { seedCatalogue } from './catalogue';
import { seedPersonas } from './personas';
import { seedMarker } from './schema';

export const SEED_ID = 'demo-world';
export const SEED_VERSION = '1';

/**
 * Seeds the demo world relative to `today` (Europe/Helsinki) unless it is there already.
 * All-or-nothing: the marker row is written in the same transaction as the data, so two
 * instances starting at once seed once. Returns whether it seeded.
 */
export async function seedDemoWorld(db: Database, today: string = helsinkiDate()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database; // the transaction speaks the same query builder
    const marked = await t
      .insert(seedMarker)
      .values({ id: SEED_ID, version: SEED_VERSION })
      .onConflictDoNothing()
      .returning({ id: seedMarker.id });
    if (marked.length === 0) return false;
    const practitionerIds = await seedCatalogue(t, today);
    await seedPersonas(t, today, practitionerIds);
    await seedMessaging(t, today);
    return true;
  });
}
