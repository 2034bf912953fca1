import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root. This file is server/src/paths.ts in development and part of
 * server/dist/main.js when built: both sit two folders below the root, so keep it at this depth.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
