import type { Database } from '../../../db/index';
import { guardianships, people } from '../../patients/schema';
import type { DemoWorld } from '../../../seed/personas';

/**
 * A ward of Leena's who is not a customer yet, so that a guardian's registration (spec part 2 §2.2:
 * the child's information heads the form, names locked, up to 2 guardians) can be done in the demo
 * and the e2e tests. Ella stays registered: her records, conversations and the children's landing
 * rely on her being a customer; Sanni (born 2019, under 12) has nothing yet.
 */
export const UNREGISTERED_WARD = { identityCode: '120519A964S', givenName: 'Sanni', familyName: 'Nieminen' } as const;

export async function seedRegistration(db: Database, world: DemoWorld): Promise<void> {
  const [ward] = await db
    .insert(people)
    .values({ ...UNREGISTERED_WARD, registered: false })
    .returning({ id: people.id });
  if (!ward) throw new Error('the unregistered ward was not inserted');
  await db.insert(guardianships).values({ guardianPersonId: world.people.leena, childPersonId: ward.id, guardianType: 'parent' });
}
