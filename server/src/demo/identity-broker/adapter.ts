import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/index';
// The broker's table stays in identity's schema.ts, where the migrations were made from.
import { identityBrokerModels } from '../../modules/identity/schema';

/** Models whose rows belong to a grant and go when the grant is revoked. */
const grantBoundModels = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

function toPayload(row: { payload: Record<string, unknown>; consumedAt: Date | null }): AdapterPayload {
  const payload = { ...row.payload } as AdapterPayload;
  if (row.consumedAt) payload.consumed = Math.floor(row.consumedAt.getTime() / 1000);
  return payload;
}

/**
 * oidc-provider's storage in the database (identity_broker_models), so that the broker's
 * interactions, grants and codes survive restarts and are shared by every server instance.
 */
export class DatabaseBrokerAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const expiresAt = typeof expiresIn === 'number' && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null;
    const row = {
      model: this.model,
      id,
      payload: payload as Record<string, unknown>,
      grantId: grantBoundModels.has(this.model) ? (payload.grantId ?? null) : null,
      userCode: payload.userCode ?? null,
      uid: this.model === 'Session' ? (payload.uid ?? null) : null,
      expiresAt,
    };
    await this.db
      .insert(identityBrokerModels)
      .values(row)
      .onConflictDoUpdate({
        target: [identityBrokerModels.model, identityBrokerModels.id],
        set: { payload: row.payload, grantId: row.grantId, userCode: row.userCode, uid: row.uid, expiresAt, consumedAt: null },
      });
  }

  private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: identityBrokerModels.payload, consumedAt: identityBrokerModels.consumedAt })
      .from(identityBrokerModels)
      .where(
        and(
          eq(identityBrokerModels.model, this.model),
          condition,
          or(isNull(identityBrokerModels.expiresAt), gt(identityBrokerModels.expiresAt, sql`now()`)),
        ),
      )
      .limit(1);
    return row ? toPayload(row) : undefined;
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(identityBrokerModels.id, id));
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(identityBrokerModels.uid, uid));
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(identityBrokerModels.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.db
      .update(identityBrokerModels)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(identityBrokerModels.model, this.model), eq(identityBrokerModels.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .delete(identityBrokerModels)
      .where(and(eq(identityBrokerModels.model, this.model), eq(identityBrokerModels.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.delete(identityBrokerModels).where(eq(identityBrokerModels.grantId, grantId));
  }
}

/** Deletes rows that expired more than a day ago; called now and then, never on the hot path's result. */
export async function purgeExpiredBrokerModels(db: Database): Promise<void> {
  await db.delete(identityBrokerModels).where(lt(identityBrokerModels.expiresAt, sql`now() - interval '1 day'`));
}
