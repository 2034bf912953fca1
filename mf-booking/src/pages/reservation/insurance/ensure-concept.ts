import { conceptInsertResponseSchema, needsConceptInsertion, type ApiClient, type PatientConcept } from '@portal/shared-api';

/**
 * The concept insertion the reservation page calls before reserving (spec part 2 §4 "Insurance
 * checks"): only when the patient lacks the code (or the If use code's direct reimbursement
 * permission). 'failed' (a non-success answer or a failed call) means: show the unknown error and
 * stop the booking (§8).
 */
export async function ensureConcept(
  api: Pick<ApiClient, 'post'>,
  code: string | null,
  patientConcepts: readonly PatientConcept[],
): Promise<'ok' | 'failed'> {
  if (code === null || !needsConceptInsertion(code, patientConcepts)) return 'ok';
  try {
    const answer = await api.post('/api/concepts', conceptInsertResponseSchema, { json: { code } });
    return answer.type === 'success' ? 'ok' : 'failed';
  } catch {
    return 'failed';
  }
}
