import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { createPerTurnReader } from '../../db/per-turn-loader';
import { guardianships, people } from './schema';

export type Person = typeof people.$inferSelect;

export interface PeopleService {
  /** Finds the person by identity code; creates an unregistered person when unknown. */
  findOrCreateByIdentityCode(
    identityCode: string,
    names: { givenName?: string; familyName?: string },
  ): Promise<{ personId: string }>;
  /**
   * The person, or null. Every signed-in page asks it (and a guardian's ward) on every request:
   * the asks of one turn of the event loop share one statement, and the callers that ask the same
   * person share the answer, so it is read-only.
   */
  findById(personId: string): Promise<Person | null>;
  /** The person with this identity code, or null; never creates one (e.g. the child a guardian names). */
  findByIdentityCode(identityCode: string): Promise<Person | null>;
  /** Whether `guardianId` may act for `childId` (a recorded guardianship). */
  isGuardianOf(guardianId: string, childId: string): Promise<boolean>;
}

export function normaliseIdentityCode(code: string): string {
  return code.trim().toUpperCase();
}

export function createPeopleService(db: Database): PeopleService {
  // A named prepared statement, as the session lookup's: built and planned once, not for every batch.
  const selectByIds = db
    .select()
    .from(people)
    .where(sql`${people.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('people_by_id');
  const byId = createPerTurnReader(
    (personId: string) => personId,
    async (personIds: readonly string[]) => {
      const rows = await selectByIds.execute({ ids: [...personIds] });
      const found = new Map(rows.map((row) => [row.id, row]));
      return personIds.map((personId) => found.get(personId) ?? null);
    },
  );
  return {
    async findOrCreateByIdentityCode(identityCode, names) {
      const code = normaliseIdentityCode(identityCode);
      const existing = await db.select({ id: people.id }).from(people).where(eq(people.identityCode, code)).limit(1);
      if (existing[0]) return { personId: existing[0].id };
      // Two sign-ins of a new person at once: the unique index decides, both get the same row.
      await db
        .insert(people)
        .values({ identityCode: code, givenName: names.givenName ?? '', familyName: names.familyName ?? '', registered: false })
        .onConflictDoNothing({ target: people.identityCode });
      const created = await db.select({ id: people.id }).from(people).where(eq(people.identityCode, code)).limit(1);
      if (!created[0]) throw new Error('person was neither found nor created');
      return { personId: created[0].id };
    },
    findById: byId,
    async findByIdentityCode(identityCode) {
      const rows = await db.select().from(people).where(eq(people.identityCode, normaliseIdentityCode(identityCode))).limit(1);
      return rows[0] ?? null;
    },
    async isGuardianOf(guardianId, childId) {
      const rows = await db
        .select({ child: guardianships.childPersonId })
        .from(guardianships)
        .where(and(eq(guardianships.guardianPersonId, guardianId), eq(guardianships.childPersonId, childId)))
        .limit(1);
      return rows.length > 0;
    },
  };
}
