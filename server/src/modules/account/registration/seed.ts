import type { Database } from '../../../db/index';
import { insertGuardianship, insertPerson } from '../../patients/index';
import type { DemoWorld } from '../../module';

/**
 * A ward of Leena's who is not a customer yet, so that a guardian's registration (spec part 2 §2.2:
 * the child's information heads the form, names locked, up to 2 guardians) can be done in the demo
 * and the e2e tests. Ella stays registered: her records, conversations and the children's landing
 * rely on her being a customer; Sanni (born 2019, under 12) has nothing yet.
 */
export const UNREGISTERED_WARD = { identityCode: '120519A964S', givenName: 'Sanni', familyName: 'Nieminen' } as const;

export async function seedRegistration(db: Database, world: DemoWorld): Promise<void> {
  const wardId = await insertPerson(db, { ...UNREGISTERED_WARD, registered: false });
  await insertGuardianship(db, { guardianPersonId: world.people.leena, childPersonId: wardId, guardianType: 'parent' });
}
