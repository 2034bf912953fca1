import { sql, type SQL } from 'drizzle-orm';
import { people } from './schema';

/**
 * The person's given name and whether they are a customer yet, as subqueries on the person whose row
 * id is `personId` (a uuid expression of the caller's statement): the front page's landing
 * statement (front-page/landing.ts) reads them with the other modules' facts in one statement.
 * Each is null when there is no such person.
 */
export function personLandingFacts(personId: SQL): { givenName: SQL<string | null>; registered: SQL<boolean | null> } {
  return {
    givenName: sql<string | null>`select ${people.givenName} from ${people} where ${people.id} = ${personId}`,
    registered: sql<boolean | null>`select ${people.registered} from ${people} where ${people.id} = ${personId}`,
  };
}
