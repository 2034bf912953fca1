/** PostgreSQL's integer maximum: a longer digit string (the contracts allow 10 digits) names no row. */
const MAX_INTEGER = 2_147_483_647;

/** A path or body id as a row id; 0 (no row has it) when out of the column's range, never a 5xx. */
export function dbId(digits: string): number {
  const id = Number(digits);
  return Number.isSafeInteger(id) && id <= MAX_INTEGER ? id : 0;
}
