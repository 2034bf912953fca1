import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { JWK } from 'oidc-provider';

/**
 * The built-in broker's secrets, generated on first start and kept in `${dataDir}/broker-jwks.json`
 * so that restarts (and instances sharing the data folder) keep validating what was signed before.
 * `keys` is a JSON Web Key Set of private signing keys; `cookieKeys` sign the broker's cookies and
 * the interaction form tokens.
 */
export interface BrokerSecrets {
  keys: JWK[];
  cookieKeys: string[];
}

function generateSecrets(): BrokerSecrets {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  return {
    keys: [{ ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' }],
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

function isSecrets(value: unknown): value is BrokerSecrets {
  if (!value || typeof value !== 'object') return false;
  const { keys, cookieKeys } = value as Partial<BrokerSecrets>;
  return Array.isArray(keys) && keys.length > 0 && Array.isArray(cookieKeys) && cookieKeys.length > 0;
}

export async function loadOrCreateBrokerSecrets(dataDir: string): Promise<BrokerSecrets> {
  const file = path.join(dataDir, 'broker-jwks.json');
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (isSecrets(parsed)) return parsed;
    throw new Error(`${file} is not a broker key file; delete it to generate new keys`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secrets = generateSecrets();
  // Write then rename, so a concurrent reader never sees half a file.
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(temporary, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  try {
    // Another instance may have won the race: keep its keys, not ours.
    const existing: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (isSecrets(existing)) {
      await unlink(temporary);
      return existing;
    }
  } catch {
    // not there yet: ours becomes the file
  }
  await rename(temporary, file);
  return secrets;
}
