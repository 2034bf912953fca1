import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { people } from '../patients/schema';

/**
 * A person's passkeys (WebAuthn credentials, issue 33). The public key and the signature counter are
 * what the server checks a sign-in with; the name, creation and last use are what My information
 * lists. `user_handle` is the random WebAuthn user id the authenticator keeps with the credential
 * (the same for all of one person's passkeys): never the person's id or identity code.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    /** the credential id, base64url */
    credentialId: text('credential_id').notNull().unique(),
    /** the COSE public key, base64url */
    publicKey: text('public_key').notNull(),
    /** the authenticator's signature counter at the last sign-in (0: the authenticator keeps none) */
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** base64url of the WebAuthn user.id */
    userHandle: text('user_handle').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_person_idx').on(t.personId)],
);

/**
 * Open WebAuthn challenges: one row per ceremony, deleted by the request that answers it (single
 * use), valid until `expires_at`. A registration's is bound to the live session that asked for it;
 * a sign-in's to the expired session it would resume.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    /** the challenge, base64url */
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['registration', 'login'] }).notNull(),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    /** the session row's id (the hash of its token): live for a registration, expired for a sign-in */
    sessionId: text('session_id').notNull(),
    /** a registration's: the WebAuthn user.id it offered (base64url), kept with the new credential */
    userHandle: text('user_handle'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
);
