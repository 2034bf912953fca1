import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { normaliseIdentityCode, type Person } from './people';
import { guardianships, people, peopleRowId } from './schema';

/**
 * The people table's reads and writes for the other modules (issue 32: they use the patients module
 * through its public entry, never its tables). Every function takes the database or a transaction
 * (`db` may be one) and runs one statement; none caches, unlike `app.people.findById`.
 */

/** The person's row, or null (`select * from people where id = $1`). */
export async function personById(db: Database, personId: string): Promise<Person | null> {
  const [row] = await db.select().from(people).where(eq(people.id, personId));
  return row ?? null;
}

/**
 * The people of `personIds` by id, in one statement (a batched second lookup for a list that names
 * people: no N+1); the unknown ids left out. None asked, none read.
 */
export async function peopleByIds(db: Database, personIds: readonly string[]): Promise<Map<string, Person>> {
  const ids = [...new Set(personIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(people).where(inArray(people.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The person whose identity code is exactly `identityCode` (already normalised: trimmed, upper case), or null. */
export async function personByExactIdentityCode(db: Database, identityCode: string): Promise<Person | null> {
  const [row] = await db.select().from(people).where(eq(people.identityCode, identityCode));
  return row ?? null;
}

/** The id of the person with this identity code (trimmed, upper-cased first), or null. */
export async function personIdByIdentityCode(db: Database, identityCode: string): Promise<string | null> {
  const [row] = await db.select({ id: people.id }).from(people).where(eq(people.identityCode, normaliseIdentityCode(identityCode)));
  return row?.id ?? null;
}

/** The people of identity codes (exact, as stored), in no particular order; the unknown ones left out. */
export async function peopleByIdentityCodes(db: Database, identityCodes: readonly string[]): Promise<Person[]> {
  return db.select().from(people).where(inArray(people.identityCode, [...identityCodes]));
}

/**
 * Locks the person's row until the transaction `tx` ends (`select … for update`): what is counted
 * per person in it is counted one transaction after the other.
 */
export async function lockPersonRow(tx: Database, personId: string): Promise<void> {
  await tx.select({ id: people.id }).from(people).where(eq(people.id, personId)).for('update');
}

/** The contact details kept on the person (My information): phone number and e-mail, null clearing them. */
export async function setContactDetails(db: Database, personId: string, contact: { phoneNumber: string | null; email: string | null }): Promise<void> {
  await db.update(people).set({ phoneNumber: contact.phoneNumber, email: contact.email }).where(eq(people.id, personId));
}

/** SMS login turned off (My information's toggle); the phone number stays. */
export async function disableSmsLogin(db: Database, personId: string): Promise<void> {
  await db.update(people).set({ mfaEnabled: false }).where(eq(people.id, personId));
}

/**
 * The person made a customer (registration): `registered`, the form's e-mail and phone number and,
 * when given, their names. Answers the names the person now has, or null when there is no such person.
 */
export async function registerAsCustomer(
  db: Database,
  personId: string,
  details: { email: string; phoneNumber: string; names?: { givenName: string; familyName: string } },
): Promise<{ givenName: string; familyName: string } | null> {
  const [row] = await db
    .update(people)
    .set({ registered: true, email: details.email, phoneNumber: details.phoneNumber, ...details.names })
    .where(eq(people.id, personId))
    .returning({ givenName: people.givenName, familyName: people.familyName });
  return row ?? null;
}

/** The patient data consent marked given ('ok'). */
export async function markPatientDataConsentGiven(db: Database, personId: string): Promise<void> {
  await db.update(people).set({ patientDataConsent: 'ok' }).where(eq(people.id, personId));
}

/**
 * SMS login turned on with the phone number just verified (`verifiedPhoneNumber`, without spaces):
 * the number on record is kept as written when it differs only by spacing, else replaced.
 */
export async function enableSmsLogin(db: Database, personId: string, verifiedPhoneNumber: string): Promise<void> {
  await db
    .update(people)
    .set({
      mfaEnabled: true,
      phoneNumber: sql`case when replace(coalesce(${people.phoneNumber}, ''), ' ', '') = ${verifiedPhoneNumber} then ${people.phoneNumber} else ${verifiedPhoneNumber} end`,
    })
    .where(eq(people.id, personId));
}

/** Which of `candidateIds` are recorded guardians of `childPersonId` (one statement; none asked, none read). */
export async function guardiansAmong(db: Database, childPersonId: string, candidateIds: readonly string[]): Promise<Set<string>> {
  if (candidateIds.length === 0) return new Set();
  const rows = await db
    .select({ guardianPersonId: guardianships.guardianPersonId })
    .from(guardianships)
    .where(and(eq(guardianships.childPersonId, childPersonId), inArray(guardianships.guardianPersonId, [...candidateIds])));
  return new Set(rows.map((row) => row.guardianPersonId));
}

/** A new person's columns (the demo seeds): the identity code, the rest defaulted as the table has it. */
export type NewPerson = typeof people.$inferInsert;

/** Inserts a person (the demo seeds) and answers its id. */
export async function insertPerson(db: Database, person: NewPerson): Promise<string> {
  const [row] = await db.insert(people).values(person).returning({ id: people.id });
  if (!row) throw new Error('the person was not inserted');
  return row.id;
}

/** Records a guardianship (the demo seeds). */
export async function insertGuardianship(
  db: Database,
  guardianship: { guardianPersonId: string; childPersonId: string; guardianType: (typeof guardianships.$inferInsert)['guardianType'] },
): Promise<void> {
  await db.insert(guardianships).values(guardianship);
}

/**
 * For the front page's per-sign-in statements (one prepared statement for every person asked in
 * the same turn, one row per person that exists): `personRowId` is the row's `"people"."id"`,
 * qualified in full so a subquery correlates on it (see peopleRowId), and `fromPeopleWithIds`
 * the statement's `from people … where "people"."id" = any($<placeholder>::uuid[])`, with
 * `joins` (e.g. a `cross join lateral (…) s`) between. A narrow query-building helper rather than a
 * second lookup: these statements are one round trip on every sign-in, and a person's row is what
 * each of their subqueries correlates on (issue 32).
 */
export const personRowId: SQL = peopleRowId;

export function fromPeopleWithIds(placeholder: string, joins?: SQL): SQL {
  return joins
    ? sql`from ${people}
      ${joins}
     where ${peopleRowId} = any(${sql.placeholder(placeholder)}::uuid[])`
    : sql`from ${people} where ${peopleRowId} = any(${sql.placeholder(placeholder)}::uuid[])`;
}
