import type { FastifyInstance } from 'fastify';
import type { AccountConfig } from '../config';

/** Registers this feature's routes and page loaders (being built: see issue 12). */
export function installRegistration(_app: FastifyInstance, _config: AccountConfig): void {}
