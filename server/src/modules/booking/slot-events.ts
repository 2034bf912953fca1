import type { FastifyInstance } from 'fastify';

/**
 * The booking module's notice that slots changed hands on this server instance: a reservation took
 * a slot, a cancellation released one, a change of time (or an earlier time taken from the waitlist)
 * did both. The features that write emit it after their transaction has committed; the search
 * subscribes and forgets its kept answers (search/result-cache.ts), so the patient who just booked
 * does not see their slot offered again. The writers know nothing of the search, nor it of them.
 *
 * Other instances are not told: their answers are at most BOOKING_SEARCH_CACHE_MS old, and a stale
 * list is harmless (the database's unique index decides every reservation).
 */
export interface SlotChange {
  /** what happened */
  reason: 'reserved' | 'cancelled' | 'time-changed';
  /** the slots whose availability changed, as far as the writer knows them */
  slotIds: readonly number[];
}

export interface SlotEvents {
  emit(change: SlotChange): void;
  /** returns the unsubscribe */
  subscribe(listener: (change: SlotChange) => void): () => void;
}

function createSlotEvents(): SlotEvents {
  const listeners = new Set<(change: SlotChange) => void>();
  return {
    emit(change) {
      // a listener's failure must not fail the write that already committed
      for (const listener of listeners) {
        try {
          listener(change);
        } catch (error) {
          console.error('[booking] a slot change listener failed:', error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const eventsByApp = new WeakMap<FastifyInstance, SlotEvents>();

/** The slot change notices of one app (each test app, each server instance has its own). */
export function slotEventsOf(app: FastifyInstance): SlotEvents {
  let events = eventsByApp.get(app);
  if (!events) eventsByApp.set(app, (events = createSlotEvents()));
  return events;
}
