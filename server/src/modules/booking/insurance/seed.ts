import { IF_PAY_CONCEPT_CODE } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import type { DemoWorld } from '../../module';
import { patientConcepts } from '../schema';

/**
 * Mikko already has If's pay concept (without direct reimbursement): booking with If's pay or
 * company choice inserts nothing, direct reimbursement (use code 90157) inserts the concept first
 * (spec part 2 §4 "The concept insertion call happens only when …").
 */
export async function seedInsurance(db: Database, world: DemoWorld): Promise<void> {
  await db.insert(patientConcepts).values({ personId: world.people.mikko, code: IF_PAY_CONCEPT_CODE, directReimbursementAllowed: false });
}
