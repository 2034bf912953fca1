import type { Database } from '../../../db/index';
import type { DemoWorld } from '../../module';
import { occupationalContracts } from '../schema';

/**
 * The occupational health contracts (spec part 2 §2.1 occupational statuses, §2.4 vaccination page):
 * Aino's has web reservation and includes influenza vaccinations. OHC-INFL-1 is the first of the
 * default INFLUENZA_CONTRACT_PRODUCT_IDS (booking/config.ts): a seed runs without the module's
 * configuration, so it names the default; an environment that changes the ids changes Aino's too.
 * OHC-DOCTOR-CHAT and OHC-NURSE-PHONE are the chat promotion's defaults (front-page/config.ts): her
 * front page promotes the doctor chat, the more specific of the two.
 * Everyone else has no contract row: no occupational healthcare.
 */
export const AINO_CONTRACT_PRODUCT_IDS = ['OHC-BASIC', 'OHC-GP', 'OHC-INFL-1', 'OHC-DOCTOR-CHAT', 'OHC-NURSE-PHONE'];

export async function seedSearch(db: Database, world: DemoWorld): Promise<void> {
  await db.insert(occupationalContracts).values({
    personId: world.people.aino,
    employerName: 'Lentoyhtiö Esimerkki Oy',
    webReservation: true,
    contractProductIds: AINO_CONTRACT_PRODUCT_IDS,
  });
}
