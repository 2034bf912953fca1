import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { createPerTurnReader, perDatabase } from '../../db/per-turn-loader';
import { preparedStatement } from '../../db/prepared';
import { appointments, occupationalContracts } from '../booking/schema';
import { messagingThreads, messagingUsers } from '../messaging/schema';
import { people, peopleRowId } from '../patients/schema';
import {
  certificates,
  imagingResults,
  laboratoryResults,
  prescriptions,
  questionnaireInvitations,
  referrals,
  vaccinations,
  visits,
} from '../records/schema';


/**
 * The front page's subject in one statement: the first name, whether they are a customer yet, and
 * whether they have anything the front page would show (docs/product-decisions.md, "Paths": a patient with no
 * appointments or events lands on the first-time welcome page, not on a front page of empty
 * boxes): an appointment (past or future, also a cancelled one), a visit, a prescription, a
 * laboratory or imaging result, a referral, a questionnaire, a certificate, a vaccination or a
 * conversation. The database stops at the first table that has a row. Null: no such person.
 * One statement for all the subjects asked in the same turn of the event loop. It also brings the
 * occupational contract's product ids, which decide the chat promotion (chat-promotion.ts), so the
 * promotion costs the front page no statement of its own.
 */
export interface FrontPageSubject {
  givenName: string;
  registered: boolean;
  hasEvents: boolean;
  /** the occupational contract's product ids; null: no contract */
  contractProductIds: string[] | null;
}

/**
 * Whether the person (`peopleRowId`) has anything the front page would show: one of these rows.
 * The database stops at the first table that has one.
 */
function hasEvents(): SQL {
  const checks: SQL[] = [
    sql`exists (select 1 from ${appointments} where ${appointments.personId} = ${peopleRowId})`,
    ...(
      [
        [visits, visits.personId],
        [prescriptions, prescriptions.personId],
        [laboratoryResults, laboratoryResults.personId],
        [imagingResults, imagingResults.personId],
        [referrals, referrals.personId],
        [questionnaireInvitations, questionnaireInvitations.personId],
        [certificates, certificates.personId],
        [vaccinations, vaccinations.personId],
      ] as const
    ).map(([table, column]) => sql`exists (select 1 from ${table} where ${column} = ${peopleRowId})`),
    sql`exists (select 1 from ${messagingThreads} join ${messagingUsers} on ${messagingUsers.id} = ${messagingThreads.customerUserId} where ${messagingUsers.personId} = ${peopleRowId})`,
  ];
  return sql.join(checks, sql` or `);
}

/** frontPageSubjects' statement, prepared (db/prepared.ts): the front page is asked on every sign-in. */
const subjectStatement = preparedStatement<
  { id: string; given_name: string; registered: boolean; has_events: boolean; contract_product_ids: string[] | null },
  { ids: readonly string[] }
>(
  'front_page_subject',
  () => sql`
    select ${peopleRowId} as id, ${people.givenName} as given_name, ${people.registered} as registered, (${hasEvents()}) as has_events,
      (select ${occupationalContracts.contractProductIds} from ${occupationalContracts} where ${occupationalContracts.personId} = ${peopleRowId}) as contract_product_ids
      from ${people} where ${peopleRowId} = any(${sql.placeholder('ids')}::uuid[])`,
);

/** The subjects of `personIds` in one statement, in their order (null: no such person). */
async function frontPageSubjects(db: Database, personIds: readonly string[]): Promise<(FrontPageSubject | null)[]> {
  const rows = await subjectStatement(db, { ids: personIds });
  const byId = new Map(
    rows.map((row) => [
      row.id,
      { givenName: row.given_name, registered: row.registered, hasEvents: row.has_events === true, contractProductIds: row.contract_product_ids },
    ]),
  );
  return personIds.map((id) => byId.get(id) ?? null);
}

/** The people signing in at the same moment share one statement (db/per-turn-loader.ts). */
const subjectReaders = perDatabase((db) => createPerTurnReader((personId: string) => personId, (personIds: readonly string[]) => frontPageSubjects(db, personIds)));

export async function frontPageSubject(db: Database, personId: string): Promise<FrontPageSubject | null> {
  return subjectReaders(db)(personId);
}

/**
 * Where the front page sends a signed-in visitor instead of showing itself: someone who is not a
 * customer yet (the person, or the ward a guardian acts for) to registration, a customer with no
 * appointments or events to the first-time welcome page; undefined: the front page itself.
 */
export function frontPageRedirect(subject: FrontPageSubject | null): 'account.registration' | 'account.welcome' | undefined {
  if (!subject) return undefined;
  if (!subject.registered) return 'account.registration';
  return subject.hasEvents ? undefined : 'account.welcome';
}
