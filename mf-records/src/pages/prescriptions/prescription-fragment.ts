/**
 * The fragment that names one prescription on the prescriptions page ('#prescription-<id>'): there
 * is no page of its own, so a link to one prescription (the front page's summary) opens the list at it.
 * Kept apart from the page's code so the summary parcel can build its links without it.
 */
const PREFIX = 'prescription-';

/** The element id (and the fragment without '#') of a prescription's row. */
export function prescriptionFragment(id: string): string {
  return `${PREFIX}${id}`;
}

/** The prescription id a location's hash ('#prescription-11', encoded or not) names, else null. */
export function prescriptionIdFromHash(hash: string): string | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!fragment.startsWith(PREFIX)) return null;
  try {
    return decodeURIComponent(fragment.slice(PREFIX.length)) || null;
  } catch {
    // a malformed escape names nothing
    return null;
  }
}
