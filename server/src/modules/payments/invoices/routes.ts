import type { FastifyInstance } from 'fastify';
import type { PaymentsConfig } from '../config';

/** Filled in by the feature's commit (issue 14). */
export function installInvoices(_app: FastifyInstance, _config: PaymentsConfig): void {}
