import { createHmac, randomBytes } from 'node:crypto';
import { constantTimeEqual } from '../../util/constant-time';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { attachmentUrlSecrets } from './schema';

const SECRET_ROW_ID = 'local-storage-urls';

/** HMAC-SHA256 over a URL's meaningful parts, with one secret shared by every server instance. */
export interface UrlSigner {
  sign(parts: readonly string[]): Promise<string>;
  /** constant-time comparison */
  verify(parts: readonly string[], signature: string): Promise<boolean>;
}

/**
 * `configuredSecret` (ATTACHMENT_URL_SECRET) wins; otherwise the secret lives in the database: the
 * first instance to need it inserts a random one, and whoever loses that race reads the winner's.
 */
export function createUrlSigner(db: Database, configuredSecret: string | null): UrlSigner {
  let secret: Promise<Buffer> | null = configuredSecret ? Promise.resolve(Buffer.from(configuredSecret, 'utf8')) : null;

  async function loadSecret(): Promise<Buffer> {
    await db
      .insert(attachmentUrlSecrets)
      .values({ id: SECRET_ROW_ID, secret: randomBytes(32).toString('base64url') })
      .onConflictDoNothing({ target: attachmentUrlSecrets.id });
    const [row] = await db.select({ secret: attachmentUrlSecrets.secret }).from(attachmentUrlSecrets).where(eq(attachmentUrlSecrets.id, SECRET_ROW_ID));
    if (!row) throw new Error('attachment URL secret missing after insert');
    return Buffer.from(row.secret, 'utf8');
  }

  function getSecret(): Promise<Buffer> {
    if (!secret) {
      secret = loadSecret();
      // A failed read (database briefly away) must not stick: the next call tries again.
      secret.catch(() => {
        secret = null;
      });
    }
    return secret;
  }

  // JSON keeps the parts apart: ['a', 'b|c'] and ['a|b', 'c'] never sign the same.
  const mac = async (parts: readonly string[]) => createHmac('sha256', await getSecret()).update(JSON.stringify(parts)).digest();

  return {
    async sign(parts) {
      return (await mac(parts)).toString('base64url');
    },
    async verify(parts, signature) {
      const expected = await mac(parts);
      const given = Buffer.from(signature, 'base64url');
      return constantTimeEqual(given, expected);
    },
  };
}
