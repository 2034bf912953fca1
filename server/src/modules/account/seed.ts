import type { Database } from '../../db/index';
import type { DemoWorld } from '../../seed/personas';

/** The account module's part of the demo world: each feature folder's seed, in turn. */
export async function seedAccount(_db: Database, _world: DemoWorld): Promise<void> {}
