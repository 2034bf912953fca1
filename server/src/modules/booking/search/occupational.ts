import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/index';
import { occupationalContracts } from '../schema';

/**
 * Contract product ids whose holders see the special phone-booking content block instead of the
 * default message when their contract has no web reservation (spec part 2 §2.1 "no-web-reservation":
 * "a special content block if any of the user's contract product ids is in a known set").
 */
export const SPECIAL_PHONE_BOOKING_PRODUCT_IDS: readonly string[] = ['OHC-PRIORITY-PHONE', 'OHC-EXEC'];

/** The vaccination page's customer service number (docs/product-decisions.md, "Values": the spec's own 010 380 3838). */
export const VACCINATION_CUSTOMER_SERVICE_PHONE = '010 380 3838';

export type OccupationalStatus =
  | { status: 'no-occupational-healthcare' }
  | { status: 'no-web-reservation'; contractProductIds: string[] }
  | { status: 'ok'; contractProductIds: string[] };

/** Whether the person may book occupational health care online (no contract row: not a customer). */
export async function occupationalStatusOf(db: Database, personId: string): Promise<OccupationalStatus> {
  const [contract] = await db
    .select({ webReservation: occupationalContracts.webReservation, contractProductIds: occupationalContracts.contractProductIds })
    .from(occupationalContracts)
    .where(eq(occupationalContracts.personId, personId));
  if (!contract) return { status: 'no-occupational-healthcare' };
  return { status: contract.webReservation ? 'ok' : 'no-web-reservation', contractProductIds: contract.contractProductIds };
}
