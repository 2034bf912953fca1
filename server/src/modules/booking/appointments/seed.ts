import type { Database } from '../../../db/index';
import type { DemoWorld } from '../../../seed/personas';

/** (being built: issue 13) */
export async function seedAppointments(_db: Database, _world: DemoWorld): Promise<void> {}
