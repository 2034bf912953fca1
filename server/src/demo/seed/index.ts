import type { Database } from '../../db/index';
import { withTransaction } from '../../db/transaction';
import { portalModules } from '../../modules/index';
import { helsinkiToday } from '@portal/shared-i18n';
import { seedPersonas } from './personas';
import { seedMarker } from './schema';

export const SEED_ID = 'demo-world';
export const SEED_VERSION = '1';

/**
 * Seeds the demo world relative to `today` (Europe/Helsinki) unless it is there already: the
 * people (./personas.ts), then each module's part, keyed by them, in the module list's order.
 * All-or-nothing: the marker row is written in the same transaction as the data, so two
 * instances starting at once seed once. Returns whether it seeded.
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
    for (const module of portalModules) await module.seed?.(t, world);
    return true;
  });
}
