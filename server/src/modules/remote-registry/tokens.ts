import { createHash, randomBytes } from 'node:crypto';
import { asc, eq, isNull, and } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { constantTimeEqual } from '../../util/constant-time';
import { remoteDeployTokens } from './schema';

/** A deploy token's scope: one remote's id, or every remote (an operator's). */
export const ALL_REMOTES = '*';

export interface DeployToken {
  id: number;
  remoteId: string;
  label: string;
  createdAt: Date;
  revokedAt: Date | null;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * What every token starts with: a token is an argument of the deploy commands (`--token <token>`),
 * and one that began with '-' (1 in 64 of bare base64url) was taken for an option and refused. The
 * prefix also lets a secret scanner recognise a leaked token.
 */
export const DEPLOY_TOKEN_PREFIX = 'rdt_';

/** Makes a token; the token itself is returned once and only its hash is kept. */
export async function createDeployToken(db: Database, remoteId: string, label: string): Promise<{ id: number; token: string }> {
  const token = `${DEPLOY_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await db.insert(remoteDeployTokens).values({ remoteId, label, tokenHash: hashToken(token) }).returning({ id: remoteDeployTokens.id });
  if (!row) throw new Error('the token was not stored');
  return { id: row.id, token };
}

export async function listDeployTokens(db: Database): Promise<DeployToken[]> {
  return db
    .select({ id: remoteDeployTokens.id, remoteId: remoteDeployTokens.remoteId, label: remoteDeployTokens.label, createdAt: remoteDeployTokens.createdAt, revokedAt: remoteDeployTokens.revokedAt })
    .from(remoteDeployTokens)
    .orderBy(asc(remoteDeployTokens.id));
}

/** Revokes a token for good; false when there is no such token or it was revoked already. */
export async function revokeDeployToken(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(remoteDeployTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(remoteDeployTokens.id, id), isNull(remoteDeployTokens.revokedAt)))
    .returning({ id: remoteDeployTokens.id });
  return rows.length > 0;
}

/**
 * The token an `Authorization: Bearer …` header carries, if it is one that is not revoked. Its hash
 * is compared with every live token's in constant time, and every one is compared (there are a
 * handful), so the answer takes as long whichever token matches or none.
 */
export async function authenticateDeployToken(db: Database, header: string | undefined): Promise<Pick<DeployToken, 'id' | 'remoteId' | 'label'> | null> {
  const match = /^Bearer\s+([A-Za-z0-9_-]{1,200})$/i.exec(header ?? '');
  const presented = hashToken(match?.[1] ?? '');
  const live = await db
    .select({ id: remoteDeployTokens.id, remoteId: remoteDeployTokens.remoteId, label: remoteDeployTokens.label, tokenHash: remoteDeployTokens.tokenHash })
    .from(remoteDeployTokens)
    .where(isNull(remoteDeployTokens.revokedAt));
  let found: Pick<DeployToken, 'id' | 'remoteId' | 'label'> | null = null;
  for (const token of live) {
    if (constantTimeEqual(presented, token.tokenHash) && match) found = { id: token.id, remoteId: token.remoteId, label: token.label };
  }
  return found;
}
