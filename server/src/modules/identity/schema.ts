import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sign-in flows begun with GET /oauth/authenticate and not yet finished. Kept in the database,
 * not in memory, so the callback may land on another server instance. A row is deleted when its
 * callback arrives (a replayed state finds nothing) and is worthless after `expires_at`.
 */
export const identityLoginFlows = pgTable(
  'identity_login_flows',
  {
    /** the OAuth `state` sent to the identity broker */
    state: text('state').primaryKey(),
    /** PKCE code verifier: only its challenge ever leaves the server */
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    /** random value also kept in a cookie of the browser that began the flow (login CSRF guard) */
    browserBinding: text('browser_binding').notNull(),
    lang: text('lang', { enum: ['fi', 'sv', 'en'] }).notNull(),
    /** the requested `next`, checked again with isSafeNextPath when used */
    nextPath: text('next_path'),
    acrValue: text('acr_value').notNull(),
    /** `guardian`: the person identifies to act for a child (children's brand landing); null: for themselves */
    acting: text('acting', { enum: ['guardian'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('identity_login_flows_expires_idx').on(t.expiresAt)],
);

/**
 * The built-in test identity broker's (oidc-provider) models: sessions, interactions, grants,
 * authorization codes, tokens. One row per model instance, `payload` as oidc-provider hands it over.
 */
export const identityBrokerModels = pgTable(
  'identity_broker_models',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('identity_broker_models_grant_idx').on(t.grantId),
    index('identity_broker_models_uid_idx').on(t.uid),
    index('identity_broker_models_user_code_idx').on(t.userCode),
    index('identity_broker_models_expires_idx').on(t.expiresAt),
  ],
);
