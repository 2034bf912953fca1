import type { FastifyInstance } from 'fastify';
import type { BookingConfig } from '../config';

/** (being built: issue 13) */
export function installCalendar(_app: FastifyInstance, _config: BookingConfig): void {}
