import { z } from 'zod';
import { isoDateTimeSchema, langSchema } from '../common';
import { trimmedTextSchema, textSchema } from '../text';

/**
 * Passkeys (issue 33): WebAuthn credentials a signed-in person registers in My information and uses
 * to come back after their session expired, instead of bank identification or an SMS code. The
 * first sign-in stays bank identification: a passkey only resumes the expired session of its owner.
 *
 * The WebAuthn messages travel as the JSON forms of the Web Authentication API (base64url fields),
 * the shapes @simplewebauthn/browser gives and @simplewebauthn/server takes.
 */

/** GET: the signed-in person's passkeys. POST (name and the authenticator's answer): registers one. */
export const PASSKEYS_PATH = '/api/passkeys';
/** POST: the options (a fresh challenge) of a registration. */
export const PASSKEY_REGISTRATION_OPTIONS_PATH = '/api/passkeys/registration-options';
/** DELETE /api/passkeys/:passkeyId: removes one of the person's passkeys. */
export const passkeyPath = (passkeyId: string) => `${PASSKEYS_PATH}/${encodeURIComponent(passkeyId)}`;
/** POST, no live session: the options (a fresh challenge) of a sign-in after the session expired. */
export const PASSKEY_LOGIN_OPTIONS_PATH = '/api/passkey-login/options';
/** POST, no live session: the authenticator's answer; right, the expired session is replaced by a new one. */
export const PASSKEY_LOGIN_PATH = '/api/passkey-login';

export const PASSKEY_NAME_MAX_LENGTH = 64;

/** A passkey's name as the person gives it ("Work laptop"): one line, not empty. */
export const passkeyNameSchema = trimmedTextSchema.min(1, 'Give the passkey a name').max(PASSKEY_NAME_MAX_LENGTH);

/** What My information lists of a passkey; never its key or counter. */
export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: isoDateTimeSchema,
  /** null: never used to sign in */
  lastUsedAt: isoDateTimeSchema.nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.array(passkeySchema);

export const passkeyListResponseSchema = z.object({ passkeys: passkeyListSchema });
export type PasskeyListResponse = z.infer<typeof passkeyListResponseSchema>;

/** A base64url field of a WebAuthn message (no padding). The limit is generous for any authenticator's answer. */
const base64UrlSchema = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+$/, 'base64url');

/** How the browser reaches the authenticator ('internal', 'hybrid', …): any short name, as browsers add new ones; the server keeps those it knows. */
const transportSchema = z.string().regex(/^[a-z][a-z-]{0,31}$/, 'A transport name');
const attachmentSchema = z.enum(['platform', 'cross-platform']);
const userVerificationSchema = z.enum(['required', 'preferred', 'discouraged']);
const credentialDescriptorSchema = z.object({
  id: base64UrlSchema(1400),
  type: z.literal('public-key'),
  transports: z.array(transportSchema).max(10).optional(),
});

/** The browser's answer to a registration (RegistrationResponseJSON). */
export const registrationCredentialSchema = z.object({
  id: base64UrlSchema(1400),
  rawId: base64UrlSchema(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64UrlSchema(4096),
    attestationObject: base64UrlSchema(65_536),
    authenticatorData: base64UrlSchema(65_536).optional(),
    transports: z.array(transportSchema).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64UrlSchema(4096).optional(),
  }),
  authenticatorAttachment: attachmentSchema.optional(),
  clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }),
});
export type RegistrationCredential = z.infer<typeof registrationCredentialSchema>;

/** The browser's answer to a sign-in (AuthenticationResponseJSON). */
export const authenticationCredentialSchema = z.object({
  id: base64UrlSchema(1400),
  rawId: base64UrlSchema(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64UrlSchema(4096),
    authenticatorData: base64UrlSchema(65_536),
    signature: base64UrlSchema(4096),
    userHandle: base64UrlSchema(512).optional(),
  }),
  authenticatorAttachment: attachmentSchema.optional(),
  clientExtensionResults: z.object({}),
});
export type AuthenticationCredential = z.infer<typeof authenticationCredentialSchema>;

/** The options of navigator.credentials.create (PublicKeyCredentialCreationOptionsJSON). */
export const passkeyRegistrationOptionsSchema = z.object({
  challenge: base64UrlSchema(512),
  rp: z.object({ name: z.string(), id: z.string() }),
  user: z.object({ id: base64UrlSchema(512), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().positive(),
  attestation: z.literal('none'),
  excludeCredentials: z.array(credentialDescriptorSchema),
  authenticatorSelection: z.object({ residentKey: z.literal('required'), requireResidentKey: z.literal(true), userVerification: userVerificationSchema }),
});
export type PasskeyRegistrationOptions = z.infer<typeof passkeyRegistrationOptionsSchema>;

/** The options of navigator.credentials.get (PublicKeyCredentialRequestOptionsJSON): no allowCredentials, the browser offers its passkeys. */
export const passkeyLoginOptionsSchema = z.object({
  challenge: base64UrlSchema(512),
  rpId: z.string(),
  timeout: z.number().int().positive(),
  userVerification: userVerificationSchema,
});
export type PasskeyLoginOptions = z.infer<typeof passkeyLoginOptionsSchema>;

/** Query of the signed-in state-changing calls (the shell's client adds csrfToken). */
export const passkeyQuerySchema = z.object({ csrfToken: textSchema.max(200).optional() });
/** Query of the sign-in calls: no live session, so the csrfToken (sent by the client anyway) is unused. */
export const passkeyLoginQuerySchema = z.object({ csrfToken: textSchema.max(200).optional(), lang: langSchema.optional() });

export const passkeyRegistrationOptionsResponseSchema = z.object({ options: passkeyRegistrationOptionsSchema });
export type PasskeyRegistrationOptionsResponse = z.infer<typeof passkeyRegistrationOptionsResponseSchema>;

/** POST /api/passkeys?csrfToken body. */
export const passkeyRegistrationRequestSchema = z.strictObject({ name: passkeyNameSchema, credential: registrationCredentialSchema });
export type PasskeyRegistrationRequest = z.input<typeof passkeyRegistrationRequestSchema>;

export const passkeyRegistrationResponseSchema = z.object({ type: z.literal('success'), passkey: passkeySchema });
export type PasskeyRegistrationResponse = z.infer<typeof passkeyRegistrationResponseSchema>;

export const passkeyParamsSchema = z.object({ passkeyId: z.uuid() });

export const passkeyDeleteResponseSchema = z.object({ type: z.literal('success') });

export const passkeyLoginOptionsResponseSchema = z.object({ options: passkeyLoginOptionsSchema });
export type PasskeyLoginOptionsResponse = z.infer<typeof passkeyLoginOptionsResponseSchema>;

/** POST /api/passkey-login body: the authenticator's answer and where to go after (a same-site path, checked on the server). */
export const passkeyLoginRequestSchema = z.strictObject({ credential: authenticationCredentialSchema, next: textSchema.max(2048).optional() });
export type PasskeyLoginRequest = z.input<typeof passkeyLoginRequestSchema>;

/** The sign-in's answer: a new session is set; go to `next` (the server's safe same-site path). */
export const passkeyLoginResponseSchema = z.object({ type: z.literal('success'), next: z.string() });
export type PasskeyLoginResponse = z.infer<typeof passkeyLoginResponseSchema>;
