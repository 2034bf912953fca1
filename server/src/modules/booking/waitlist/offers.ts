import type { FastifyInstance } from 'fastify';

/** (being built: issue 13) Offers a freed slot to the patients waiting for an earlier time; called after a cancellation commits. */
export async function offerFreedSlot(_app: FastifyInstance, _slotId: number): Promise<void> {}
