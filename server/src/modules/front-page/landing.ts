import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { createPerTurnReader, perDatabase } from '../../db/per-turn-loader';
import { preparedStatement } from '../../db/prepared';
import { personLandingFacts } from '../patients/index';

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
 *
 * The front page names no other module's table: each module whose rows count registers its part of
 * the statement on `app.frontPageLanding` (LandingFacts), as it registers its summary; the name and
 * customer status are the patients module's (personLandingFacts).
 */
export interface FrontPageSubject {
  givenName: string;
  registered: boolean;
  hasEvents: boolean;
  /** the occupational contract's product ids; null: no contract */
  contractProductIds: string[] | null;
}

/**
 * A module's part of the statement: an SQL expression about the person whose row id is `personId`
 * (a uuid expression of the statement, to correlate the module's subquery on). It reads only the
 * registering module's own tables.
 */
export type PersonExpression<T = unknown> = (personId: SQL) => SQL<T>;

/** The landing facts one module gives, besides whether the person has events. */
export interface LandingFactTypes {
  /** the occupational contract's product ids (null: no contract): the booking module's */
  contractProductIds: string[] | null;
}

/** The subject's row id inside the statement: every subquery correlates on it. */
const SUBJECT_ID = sql.raw('"front_page_subject"."id"');

let statements = 0;

/**
 * What the front page asks about its subject, each part from the module that owns the rows
 * (`app.frontPageLanding`). Registered in the modules' install, read from the first front page on.
 */
export class LandingFacts {
  private readonly events = new Map<string, PersonExpression<boolean>>();
  private readonly facts = new Map<keyof LandingFactTypes, PersonExpression>();
  // One name per registry: a database connection keeps a PREPAREd statement by its name, and
  // another app on the same database (tests) may have registered other parts.
  private readonly statementName = `front_page_subject_${++statements}`;

  /** Whether the person has rows of `owner`'s that the front page would show (one boolean expression, e.g. `exists (…)`). */
  registerEvents(owner: string, hasEvents: PersonExpression<boolean>): void {
    if (this.events.has(owner)) throw new Error(`The front page's events of '${owner}' are already registered`);
    this.events.set(owner, hasEvents);
  }

  registerFact<K extends keyof LandingFactTypes>(fact: K, read: PersonExpression<LandingFactTypes[K]>): void {
    if (this.facts.has(fact)) throw new Error(`The front page's landing fact '${fact}' is already registered`);
    this.facts.set(fact, read);
  }

  /** The subject of `personId`: one statement for the people asked in the same turn (db/per-turn-loader.ts). */
  subject(db: Database, personId: string): Promise<FrontPageSubject | null> {
    return this.readers(db)(personId);
  }

  /** Whether the person (SUBJECT_ID) has anything the front page would show; the database stops at the first that does. */
  private hasEvents(): SQL {
    const checks = [...this.events.values()].map((check) => check(SUBJECT_ID));
    return checks.length ? sql.join(checks, sql` or `) : sql`false`;
  }

  private fact(fact: keyof LandingFactTypes): SQL {
    const read = this.facts.get(fact);
    return read ? sql`(${read(SUBJECT_ID)})` : sql`null`;
  }

  /** The statement, prepared (db/prepared.ts): the front page is asked on every sign-in. Built when first run, after every install. */
  private readonly statement = preparedStatement<
    { id: string; given_name: string | null; registered: boolean | null; has_events: boolean; contract_product_ids: string[] | null },
    { ids: readonly string[] }
  >(this.statementName, () => {
    const person = personLandingFacts(SUBJECT_ID);
    return sql`
    select ${SUBJECT_ID} as id, (${person.givenName}) as given_name, (${person.registered}) as registered, (${this.hasEvents()}) as has_events,
      ${this.fact('contractProductIds')} as contract_product_ids
      from unnest(${sql.placeholder('ids')}::uuid[]) as front_page_subject(id)`;
  });

  /** The subjects of `personIds` in one statement, in their order (null: no such person). */
  private async read(db: Database, personIds: readonly string[]): Promise<(FrontPageSubject | null)[]> {
    const rows = await this.statement(db, { ids: personIds });
    const byId = new Map(
      rows.flatMap((row) =>
        // no name: no such person (people.given_name is never null)
        row.given_name === null
          ? []
          : [[row.id, { givenName: row.given_name, registered: row.registered === true, hasEvents: row.has_events === true, contractProductIds: row.contract_product_ids }] as const],
      ),
    );
    return personIds.map((id) => byId.get(id) ?? null);
  }

  /** The people signing in at the same moment share one statement (db/per-turn-loader.ts). */
  private readonly readers = perDatabase((db) => createPerTurnReader((personId: string) => personId, (personIds: readonly string[]) => this.read(db, personIds)));
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
