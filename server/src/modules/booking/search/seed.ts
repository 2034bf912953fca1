import type { Database } from '../../../db/index';
import type { DemoWorld } from '../../../seed/personas';

/** (being built: issue 13) */
export async function seedSearch(_db: Database, _world: DemoWorld): Promise<void> {}
