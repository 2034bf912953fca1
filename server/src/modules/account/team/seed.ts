import type { Database } from '../../../db/index';
import type { DemoWorld } from '../../module';
import { addDays } from '@portal/shared-i18n';
import { occupationalTeamMembers, occupationalTeams } from '../schema';

/**
 * Aino's occupational health team (she is the occupational persona): her employer, two responsible
 * doctors and two responsible nurses; one nurse is away, with a substitute whose period includes
 * today (relative to `world.today`), so the team page always shows one. Nobody else has a team.
 */
export async function seedTeams(db: Database, world: DemoWorld): Promise<void> {
  const personId = world.people.aino;
  await db.insert(occupationalTeams).values({ personId, employerName: 'Lentoyhtiö Esimerkki Oy' });
  await db.insert(occupationalTeamMembers).values([
    { personId, role: 'doctor', position: 1, name: 'Anna Lahtinen' },
    { personId, role: 'doctor', position: 2, name: 'Olli Rantanen' },
    {
      personId,
      role: 'nurse',
      position: 1,
      name: 'Kaisa Salo',
      substituteName: 'Pekka Ojala',
      substituteFrom: addDays(world.today, -3),
      substituteTo: addDays(world.today, 11),
    },
    { personId, role: 'nurse', position: 2, name: 'Sari Heikkinen' },
  ]);
}
