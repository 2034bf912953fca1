import type { Database } from '../../db/index';
import type { DemoWorld } from '../module';
import { seedProfiles } from './profile/seed';
import { seedRegistration } from './registration/seed';
import { seedTeams } from './team/seed';

/** The account module's part of the demo world: each feature folder's seed, in turn. */
export async function seedAccount(db: Database, world: DemoWorld): Promise<void> {
  await seedProfiles(db, world);
  await seedRegistration(db, world);
  await seedTeams(db, world);
}
