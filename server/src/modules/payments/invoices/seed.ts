import type { Database } from '../../../db/index';
import type { DemoWorld } from '../../../seed/personas';

/** The demo invoices (filled in by the invoices commit, issue 14). */
export async function seedInvoices(_db: Database, _world: DemoWorld): Promise<void> {}
