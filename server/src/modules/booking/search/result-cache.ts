/**
 * A short-lived reuse of search answers (issue 13's budget: the list pages ask the same few
 * searches over and over, and each costs the database a plan and a scan).
 *
 * Why it is safe:
 * - An answer is reused for at most `ttlMs` (BOOKING_SEARCH_CACHE_MS, never above 2000) after the
 *   database was read, on this instance as on any other: a slot reserved or cancelled anywhere shows
 *   its old state for at most that long, the staleness the issue allows. Nothing else ever extends it.
 * - The cache only lists: a reservation is decided by the database (the partial unique index on
 *   appointments.slot_id lets one active appointment hold a slot), so a stale list can at worst
 *   offer a slot that the reserve call then answers as taken, as it would if someone had been faster.
 * - The key is everything the answer is made of (criteria, offset, language, price details), not the
 *   caller: search answers carry no personal data, and the occupational check (whether the caller
 *   may search at all) runs before the cache is asked, on every call.
 * - A reservation, cancellation or change of time on this instance forgets every kept answer
 *   (`clear`, on the booking module's slot change notice: ../slot-events.ts), so the patient who
 *   just booked never sees their own slot offered again; other instances keep the bound above.
 * Identical searches that arrive while one is being read share its promise (one read, not fifty).
 */

/** The most answers kept: the expired ones are swept first, then the oldest. */
const MAX_ENTRIES = 2000;

export interface ResultCache<T> {
  /** `read` when nothing fresh is kept under `key` (or the cache is off), else the kept answer */
  get(key: string, read: () => Promise<T>): Promise<T>;
  /** forgets every kept answer (and reads in flight: their callers still get them, later ones read anew) */
  clear(): void;
}

export function createResultCache<T>(ttlMs: number, clock: () => number = Date.now): ResultCache<T> {
  if (ttlMs <= 0) return { get: (_key, read) => read(), clear: () => undefined };
  const entries = new Map<string, { readAt: number; answer: Promise<T> }>();

  const makeRoom = (now: number) => {
    if (entries.size < MAX_ENTRIES) return;
    for (const [key, entry] of entries) if (now - entry.readAt >= ttlMs) entries.delete(key);
    // Map order is insertion order: the first keys are the oldest
    for (const key of entries.keys()) {
      if (entries.size < MAX_ENTRIES) break;
      entries.delete(key);
    }
  };

  return {
    clear: () => entries.clear(),
    get(key, read) {
      const now = clock();
      const kept = entries.get(key);
      if (kept && now - kept.readAt < ttlMs) return kept.answer;
      entries.delete(key);
      makeRoom(now);
      const answer = read();
      entries.set(key, { readAt: now, answer });
      // a failed read is not kept: the next call reads again
      answer.catch(() => {
        if (entries.get(key)?.answer === answer) entries.delete(key);
      });
      return answer;
    },
  };
}
